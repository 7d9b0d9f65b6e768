import type { MiddlewareHandler } from 'hono';

/**
 * Strict Content-Security-Policy for served pages: scripts and styles only from this origin
 * (no inline script; constructable stylesheets need no 'unsafe-inline'), API calls to this origin.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join('; ');

/** A year, with subdomains: what browsers' HSTS preload lists ask for. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers on every answer. `Strict-Transport-Security` only when the portal is served over TLS
 * (config `hsts`: the server's own certificate, or `HSTS=on` behind a TLS-terminating proxy);
 * sent over plain HTTP it would mean nothing, and on localhost it would lock the developer out.
 */
export function securityHeaders(config: { hsts: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    if (config.hsts) h.set('Strict-Transport-Security', HSTS);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    if ((h.get('content-type') ?? '').includes('text/html')) {
      h.set('Content-Security-Policy', PAGE_CSP);
      h.set('X-Frame-Options', 'SAMEORIGIN');
    } else if (c.req.path.startsWith('/api/')) {
      h.set('Cache-Control', 'no-store');
      h.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    }
  };
}
