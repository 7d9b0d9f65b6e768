import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CLICK_GUARD_MS, createClickGuard } from '../../lib/click-guard.ts';

export { CHAT_CLICK_GUARD_MS, CLICK_GUARD_MS } from '../../lib/click-guard.ts';

/**
 * The spec's click guard as a hook: `pass()` answers whether this click may act (the first one
 * does, the next ones within `ms` do not); `guarded` is true meanwhile, to show the button as
 * inactive. `ms <= 0` turns the guard off.
 */
export function useClickGuard(ms: number = CLICK_GUARD_MS): { guarded: boolean; pass: () => boolean } {
  const guard = useMemo(() => createClickGuard(ms), [ms]);
  const [guarded, setGuarded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const pass = useCallback(() => {
    if (ms <= 0) return true;
    if (!guard.allow()) return false;
    setGuarded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setGuarded(false), ms);
    return true;
  }, [guard, ms]);
  return { guarded, pass };
}
