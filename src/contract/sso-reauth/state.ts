/**
 * What begins the `state` of a signature's re-authentication at the organisation (issue 34,
 * docs/decisions/single-sign-on.md). The provider sends the browser back to the one registered
 * address (`/login`) for both kinds of flow; a re-authentication runs in a window of its own, and
 * the portal in that window knows by the state to hand the answer to the sign dialog that opened
 * it instead of signing in (src/lib/sso-reauth-channel.ts). The rest of the state is base64url,
 * which has no dot. Alone in its file: the portal's first load reads it, and nothing else here.
 */
export const REAUTH_STATE_PREFIX = 'reauth.';
