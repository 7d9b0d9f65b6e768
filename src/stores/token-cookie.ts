/** The cookie the portal keeps the session's token in (the name the spec gives), read by the stores and by a signed-in page's first script (host/early.ts). */
export const TOKEN_COOKIE = 'Admin-Token';

/** A cookie name as RFC 6265 allows it (a token: no spaces, separators or `=`). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;

/**
 * The cookie this page's elements keep the session's token in: `LP_CONFIG.tokenCookie` when the
 * embedding page names one (set before the first element's bundle loads), else `Admin-Token`.
 * A provider system on vue-element-admin, whose own session is that framework's `Admin-Token`,
 * names another, so an embed's sign-out or expired session never touches the host's cookie.
 * A name that is not a cookie name is not taken (the default, and a warning).
 */
export function tokenCookie(): string {
  const name = (globalThis as { LP_CONFIG?: { tokenCookie?: unknown } }).LP_CONFIG?.tokenCookie;
  if (name === undefined || name === null || name === '') return TOKEN_COOKIE;
  if (typeof name === 'string' && COOKIE_NAME.test(name)) return name;
  console.warn(`LP_CONFIG.tokenCookie is not a cookie name; the token stays in ${TOKEN_COOKIE}`);
  return TOKEN_COOKIE;
}
