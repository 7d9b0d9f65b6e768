import { atom } from 'nanostores';
import { shared } from './registry.ts';
import { cookies } from './storage.ts';
import { TOKEN_COOKIE, tokenCookie } from './token-cookie.ts';

/**
 * The parts of the session the API client needs (token, roles, who is calling), kept apart from
 * the session actions so that the client can read them without importing those actions.
 */
export { TOKEN_COOKIE, tokenCookie };

/** Who is using the page, for telemetry (filled when the user info arrives). */
export interface Identity {
  account: string;
  customer: string;
  role: string;
}

const state = shared('auth', () => ({
  token: atom<string>(cookies.get(tokenCookie()) ?? ''),
  roles: atom<string[]>([]),
  identity: atom<Identity>({ account: '', customer: '', role: '' }),
}));

/** The session token ('' when logged out), mirrored in the `Admin-Token` cookie (or `LP_CONFIG.tokenCookie`). */
export const $token = state.token;
/** The user's roles ([] until the session is prepared; fixed to ['admin'] after login, spec §6). */
export const $roles = state.roles;
export const $identity = state.identity;

export function setToken(token: string): void {
  if (token) cookies.set(tokenCookie(), token);
  else cookies.remove(tokenCookie());
  $token.set(token);
}

/** Forgets token and roles and removes the cookie (598, 599 re-login, logout). */
export function clearAuth(): void {
  setToken('');
  $roles.set([]);
}
