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

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
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
