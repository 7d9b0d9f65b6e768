/** The cookie the portal keeps the session's token in (the name the spec gives), read by the stores and by a signed-in page's first script (host/early.ts). */
export const TOKEN_COOKIE = 'Admin-Token';

/**
 * The cookie this page's elements keep the session's token in: `LP_CONFIG.tokenCookie` when the
 * embedding page names one (set before the first element's bundle loads), else `Admin-Token`.
 * A provider system on vue-element-admin, whose own session is that framework's `Admin-Token`,
 * names another, so an embed's sign-out or expired session never touches the host's cookie.
 * Any name will do: the page's cookie jar URI-encodes names (src/stores/storage.ts).
 */
export const tokenCookie = (): string => globalThis.LP_CONFIG?.tokenCookie || TOKEN_COOKIE;
