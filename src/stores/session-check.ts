import { announce } from '../api/outcomes.ts';
import { isApiError } from '../api/errors.ts';
import { getUserInfo } from '../api/user.ts';
import { Code } from '../contract/codes.ts';
import { $roles, $token } from './auth.ts';
import { shared } from './registry.ts';

/*
 * The host's watch over its session (kept out of the stores' index: an element embedded in a
 * partner page has no use for it, and every element would pay for it in the core).
 */
const state = shared('session.check', () => ({
  pending: null as Promise<void> | null,
  at: 0,
  deadToken: '',
}));

/** Background session checks are at most this frequent (focus and visibility often come together). */
export const SESSION_CHECK_MS = 1000;

/**
 * Asks the server whether this tab's session still stands (`user/get-user-info`, which the
 * server answers from its session cache), so that a login elsewhere (599) or a session ended
 * elsewhere (598) is found out on the page the user is on, not only at the next reload: the
 * catalogue then asks or tells as it does for any call. Other failures (a network blip) are left
 * to the next real call. Skipped before the session is prepared (the guard's first entry checks
 * then), and for a token already found replaced: the user chose to stay on the page.
 */
export function checkSession(now = Date.now()): Promise<void> {
  const token = $token.get();
  if (!token || $roles.get().length === 0 || token === state.deadToken) return Promise.resolve();
  if (state.pending) return state.pending;
  if (now - state.at < SESSION_CHECK_MS) return Promise.resolve();
  state.at = now;
  state.pending = getUserInfo({ quiet: true }).then(
    () => undefined,
    (error: unknown) => {
      if (!isApiError(error)) return;
      if (error.code === Code.loggedInElsewhere) state.deadToken = token;
      if (error.code === Code.loggedInElsewhere || error.code === Code.sessionExpired) announce(error);
    },
  );
  const pending = state.pending;
  void pending.finally(() => {
    if (state.pending === pending) state.pending = null;
  });
  return pending;
}

/** Forgets when the session was last checked (tests; a page that starts over). */
export function resetSessionCheck(): void {
  state.pending = null;
  state.at = 0;
  state.deadToken = '';
}

/**
 * Checks the session whenever the tab comes back to the user (shown again, or focused): a tab
 * left open while the account signed in elsewhere finds out at once. Returns the cleanup.
 */
export function watchSession(target: Window): () => void {
  const onVisible = () => {
    if (target.document.visibilityState === 'visible') void checkSession();
  };
  const onFocus = () => void checkSession();
  target.document.addEventListener('visibilitychange', onVisible);
  target.addEventListener('focus', onFocus);
  return () => {
    target.document.removeEventListener('visibilitychange', onVisible);
    target.removeEventListener('focus', onFocus);
  };
}
