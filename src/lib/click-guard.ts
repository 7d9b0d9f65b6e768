/** Spec §9: a button is inactive 2 s after a click (chat: 1 s). */
export const CLICK_GUARD_MS = 2000;
export const CHAT_CLICK_GUARD_MS = 1000;

/**
 * A guard for one button: `allow()` is true for a click that may act, false while the button
 * is still inactive from the previous one.
 */
export function createClickGuard(ms = CLICK_GUARD_MS, now: () => number = () => Date.now()) {
  let until = Number.NEGATIVE_INFINITY;
  return {
    allow(): boolean {
      const at = now();
      if (at < until) return false;
      until = at + ms;
      return true;
    },
    /** True while clicks are ignored (to show the button as disabled). */
    get active(): boolean {
      return now() < until;
    },
    reset(): void {
      until = Number.NEGATIVE_INFINITY;
    },
  };
}

/** Wraps a handler so that it runs at most once per `ms`. */
export function guarded<A extends unknown[]>(
  handler: (...args: A) => void,
  ms = CLICK_GUARD_MS,
): (...args: A) => void {
  const guard = createClickGuard(ms);
  return (...args) => {
    if (guard.allow()) handler(...args);
  };
}
