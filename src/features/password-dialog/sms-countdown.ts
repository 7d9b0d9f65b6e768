import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { shared } from '../../stores/registry.ts';
import { session } from '../../stores/storage.ts';

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

/** Whole seconds left until `until` (0 when over). */
export const secondsLeft = (until: number, now: number): number =>
  Math.max(0, Math.ceil((until - now) / 1000));

/** Seconds left on the countdown, re-rendering every second while it runs. */
export function useSmsCountdown(): number {
  const until = useStore($smsCountdownUntil);
  // The ticks only re-render; the clock is read at render time, so the first render after a
  // new start never counts from a stale time (which showed "61 s").
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      setTick((n) => n + 1);
      if (Date.now() >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return secondsLeft(until, Date.now());
}
