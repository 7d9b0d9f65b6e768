import { type ApiOutcome, onApiOutcome } from '../api/outcomes.ts';
import { t } from '../i18n/translate.ts';
import { clearAuth } from './auth.ts';
import { navigate, reload } from './navigation.ts';
import { confirm, toast } from './notices.ts';
import { pageIsLeaving } from './page-leaving.ts';
import { requirePasswordChange } from './password-flags.ts';
import { shared } from './registry.ts';

/** The error catalogue of spec §8: what the user sees when a call fails. */
export const ERROR_TOAST_MS = 5000;
/** Delay between the 598 message and the forced return to /login. */
export const RELOGIN_DELAY_MS = 2000;

const state = shared('api.notices', () => ({
  following: null as (() => void) | null,
  followers: 0,
  asking: false,
  /** When the user last answered the 599 question (`performance.now()`). */
  answeredAt: Number.NEGATIVE_INFINITY,
  leaving: null as ReturnType<typeof setTimeout> | null,
}));

/** Forgets a pending 598 departure and an open 599 question (tests; a page that starts over). */
export function resetApiNotices(): void {
  if (state.leaving) clearTimeout(state.leaving);
  state.leaving = null;
  state.asking = false;
  state.answeredAt = Number.NEGATIVE_INFINITY;
}

/**
 * Asks once per burst: not while the question is open, and not for a call sent before the user
 * answered it (a page's calls in flight come back one by one; the user who chose to stay was not
 * asked again by the next of them). A call sent after the answer asks again.
 */
function askToLogInAgain(sentAt: number | undefined): void {
  if (state.asking) return;
  if (sentAt !== undefined && sentAt < state.answeredAt) return;
  state.asking = true;
  void confirm({
    title: t('api.loggedInElsewhereTitle'),
    message: t('api.loggedInElsewhere'),
    confirmText: t('api.relogin'),
    cancelText: t('common.cancel'),
  }).then((relogin) => {
    state.asking = false;
    state.answeredAt = performance.now();
    if (!relogin) return;
    clearAuth();
    reload();
  });
}

function leaveForLogin(): void {
  // The client's own words: the same sentence whatever call ran into it.
  toast(t('api.sessionExpired'), 'error', ERROR_TOAST_MS);
  if (state.leaving) return;
  state.leaving = setTimeout(() => {
    state.leaving = null;
    clearAuth();
    navigate('/login');
  }, RELOGIN_DELAY_MS);
}

/** What the portal shows for each outcome (spec §8), once per burst for 598 and 599. */
export function showOutcome(outcome: ApiOutcome): void {
  switch (outcome.kind) {
    case 'network':
      // A call cut off by the page's own navigation is not the network's fault.
      if (!pageIsLeaving()) toast(t('api.network'), 'error', ERROR_TOAST_MS);
      return;
    case 'logged-in-elsewhere':
      askToLogInAgain(outcome.sentAt);
      return;
    case 'session-expired':
      leaveForLogin();
      return;
    case 'password-change-required':
      requirePasswordChange();
      return;
    case 'failed':
      toast(outcome.error.message || t('api.unknownError'), 'error', ERROR_TOAST_MS);
  }
}

/**
 * Shows failed calls' outcomes on this page: called by whoever renders the page's notices (the
 * portal host, `<lp-notices>`), so that a partner page embedding a single element is never sent
 * to /login by it. Once per page; returns the function that stops it.
 */
export function followApiOutcomes(): () => void {
  state.following ??= onApiOutcome(showOutcome);
  state.followers++;
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--state.followers > 0) return;
    state.following?.();
    state.following = null;
  };
}
