import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §5: a button is inactive for 2 s after a click (the chat uses 1 s). */
export const CLICK_GUARD_MS = 2000;

/**
 * Lets a click through, then refuses the next ones for `ms` milliseconds. Returns whether the
 * guard is on (to show the button as inactive) and `pass()`, which answers whether this click
 * may act. `ms <= 0` turns the guard off.
 */
export function useClickGuard(ms: number = CLICK_GUARD_MS): { guarded: boolean; pass: () => boolean } {
  const [guarded, setGuarded] = useState(false);
  const until = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const pass = useCallback(() => {
    if (ms <= 0) return true;
    const now = Date.now();
    if (now < until.current) return false;
    until.current = now + ms;
    setGuarded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setGuarded(false), ms);
    return true;
  }, [ms]);
  return { guarded, pass };
}
