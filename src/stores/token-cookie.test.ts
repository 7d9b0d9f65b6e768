import { afterEach, describe, expect, it } from 'vitest';
import { $token, clearAuth, setToken } from './auth.ts';
import { cookies } from './storage.ts';
import { TOKEN_COOKIE, tokenCookie } from './token-cookie.ts';

const page = globalThis as { LP_CONFIG?: { tokenCookie?: unknown } };

afterEach(() => {
  delete page.LP_CONFIG;
  clearAuth();
  for (const name of [TOKEN_COOKIE, 'LP-Portal-Token']) cookies.remove(name);
});

describe('the token cookie', () => {
  it('is Admin-Token, the spec’s name, unless the page names another', () => {
    expect(tokenCookie()).toBe('Admin-Token');
    page.LP_CONFIG = {};
    expect(tokenCookie()).toBe('Admin-Token');
    page.LP_CONFIG = { tokenCookie: 'LP-Portal-Token' };
    expect(tokenCookie()).toBe('LP-Portal-Token');
  });

  it('takes any name, URI-encoded in the cookie, and the default for an empty one', () => {
    page.LP_CONFIG = { tokenCookie: '' };
    expect(tokenCookie()).toBe('Admin-Token');
    page.LP_CONFIG = { tokenCookie: 'portal token; v=2' };
    setToken('t');
    expect(cookies.get('portal token; v=2')).toBe('t');
    clearAuth();
    expect(cookies.get('portal token; v=2')).toBeNull();
  });

  it('under a name of the page’s, signing in and out never touches the host’s own Admin-Token', () => {
    // a vue-element-admin host: its own session in Admin-Token
    cookies.set('Admin-Token', 'the-host-session');
    page.LP_CONFIG = { tokenCookie: 'LP-Portal-Token' };
    setToken('portal-token');
    expect(cookies.get('LP-Portal-Token')).toBe('portal-token');
    expect($token.get()).toBe('portal-token');
    // an expired portal session (598) clears the portal's token only
    clearAuth();
    expect(cookies.get('LP-Portal-Token')).toBeNull();
    expect($token.get()).toBe('');
    expect(cookies.get('Admin-Token')).toBe('the-host-session');
  });
});
