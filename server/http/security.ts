import type { Context } from 'hono';

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

/** What every served page (an HTML answer) carries besides the common headers. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': PAGE_CSP,
  'x-frame-options': 'SAMEORIGIN',
};

/** The headers every answer of a kind carries, for a configuration (built once per configuration). */
export interface SecurityHeaders {
  /** API answers: never cached (personal data, tokens), and a JSON answer opened as a page runs nothing. */
  api: Readonly<Record<string, string>>;
  /** Pages and assets: what documents read besides. */
  document: Readonly<Record<string, string>>;
}

const built = new WeakMap<object, SecurityHeaders>();

/**
 * The security headers of a configuration. `Strict-Transport-Security` only when the portal is
 * served over TLS (config `hsts`: the server's own certificate, or `HSTS=on` behind a
 * TLS-terminating proxy); sent over plain HTTP it would mean nothing, and on localhost it would
 * lock the developer out.
 */
export function securityHeadersOf(config: { hsts: boolean }): SecurityHeaders {
  let headers = built.get(config);
  if (!headers) {
    const common = {
      'x-content-type-options': 'nosniff',
      ...(config.hsts ? { 'strict-transport-security': HSTS } : {}),
    };
    headers = {
      api: Object.freeze({
        ...common,
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      }),
      // What only documents read (a JSON answer opens no window and links nowhere).
      document: Object.freeze({
        ...common,
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
      }),
    };
    built.set(config, headers);
  }
  return headers;
}

/**
 * Sets the document headers on the context of an answer that the API pipeline does not make (a
 * page, an asset, a fault outside /api), before it is made. The API pipeline puts its headers
 * into each answer itself, as one plain object (server/http/answer.ts): no per-request header
 * objects on the hot path.
 */
export function setDocumentHeaders(c: Context, config: { hsts: boolean }): void {
  for (const [name, value] of Object.entries(securityHeadersOf(config).document)) c.header(name, value);
}
