import { Code } from '../contract/codes.ts';
import { t } from '../i18n/translate.ts';
import { clearAuth } from '../stores/auth.ts';
import { navigate, reload } from '../stores/navigation.ts';
import { confirm, toast } from '../stores/notices.ts';
import { shared } from '../stores/registry.ts';
import { type ApiError, TransportCode } from './errors.ts';

/** The error catalogue of spec §8: what the user sees when a call fails. */
export const ERROR_TOAST_MS = 5000;
/** Delay between the 598 message and the forced return to /login. */
export const RELOGIN_DELAY_MS = 2000;

/** Codes handed back to the caller without any notice. */
const SILENT: ReadonlySet<number> = new Set([
  Code.backgroundFailed,
  Code.nothing,
  Code.forbidden,
  Code.captchaRequired,
  Code.captchaExpired,
  Code.wrongCredentials,
  Code.locked,
  Code.mustChangePassword,
]);

const state = shared('api.catalogue', () => ({
  asking: false,
  leaving: null as ReturnType<typeof setTimeout> | null,
}));

/** Forgets a pending 598 departure and an open 599 question (tests; a page that starts over). */
export function resetErrorNotices(): void {
  if (state.leaving) clearTimeout(state.leaving);
  state.leaving = null;
  state.asking = false;
}

export interface NoticeOptions {
  /** No notice at all (background calls such as telemetry). */
  quiet?: boolean;
  /** Further codes this call hands back silently (402 on the customer-add call). */
  silentCodes?: readonly number[];
}

/** Shows the notice for a failed call, once per burst for 598 and 599. */
export function announce(error: ApiError, options: NoticeOptions = {}): void {
  if (options.quiet) return;
  const { code } = error;
  if (code === TransportCode.aborted) return;
  if (code === TransportCode.network || code === TransportCode.timeout) {
    toast(t('api.network'), 'error', ERROR_TOAST_MS);
    return;
  }
  if (code === Code.loggedInElsewhere) {
    askToLogInAgain();
    return;
  }
  if (code === Code.sessionExpired) {
    // The client's own words: the server's message is not in the user's language.
    toast(t('api.sessionExpired'), 'error', ERROR_TOAST_MS);
    if (state.leaving) return;
    state.leaving = setTimeout(() => {
      state.leaving = null;
      clearAuth();
      navigate('/login');
    }, RELOGIN_DELAY_MS);
    return;
  }
  if (SILENT.has(code) || options.silentCodes?.includes(code)) return;
  toast(error.message || t('api.unknownError'), 'error', ERROR_TOAST_MS);
}

function askToLogInAgain(): void {
  if (state.asking) return;
  state.asking = true;
  void confirm({
    title: t('api.loggedInElsewhereTitle'),
    message: t('api.loggedInElsewhere'),
    confirmText: t('api.relogin'),
    cancelText: t('common.cancel'),
  }).then((relogin) => {
    state.asking = false;
    if (!relogin) return;
    clearAuth();
    reload();
  });
}
