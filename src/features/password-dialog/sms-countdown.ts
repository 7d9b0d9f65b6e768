import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { shared } from '../../stores/registry.ts';
import { session } from '../../stores/storage.ts';
import { useSecondsUntil } from '../../ui/use-seconds-until.ts';

/** Spec §9: after an SMS code is sent, the button waits 60 s. */
export const SMS_COUNTDOWN_S = 60;
/** sessionStorage key holding when the countdown ends (ms since the epoch). */
export const SMS_COUNTDOWN_KEY = 'lp-sms-countdown-until';

const state = shared('password.smsCountdown', () => ({
  until: atom<number>(Number(session.get(SMS_COUNTDOWN_KEY)) || 0),
}));

/**
 * When the SMS-code countdown ends. Kept in the page's store and in sessionStorage, so it
 * survives closing and reopening the dialog, and a reload of the tab.
 */
export const $smsCountdownUntil = state.until;

export function startSmsCountdown(now = Date.now(), seconds = SMS_COUNTDOWN_S): void {
  const until = now + seconds * 1000;
  session.set(SMS_COUNTDOWN_KEY, String(until));
  $smsCountdownUntil.set(until);
}

export function clearSmsCountdown(): void {
  session.remove(SMS_COUNTDOWN_KEY);
  $smsCountdownUntil.set(0);
}

/** Seconds left on the countdown, re-rendering while it runs. */
export function useSmsCountdown(): number {
  return useSecondsUntil(useStore($smsCountdownUntil));
}
