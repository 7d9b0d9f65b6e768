import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (ms since the epoch; 0 when over). */
export const secondsLeft = (until: number, now: number): number =>
  Math.max(0, Math.ceil((until - now) / 1000));

/**
 * Seconds left until `until` (a resend button's countdown), re-rendering while it runs. The ticks
 * only re-render; the clock is read at render time, so the first render after a new start never
 * counts from a stale time (which showed "61 s").
 */
export function useSecondsUntil(until: number): number {
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
