/** The cookie the session's token is kept in (the name the spec gives), read by the stores and by a signed-in page's first script (host/early.ts). */
export const TOKEN_COOKIE = 'Admin-Token';
