/** Spec §2: a remembered scroll position comes back with a 500 ms smooth scroll. */
export const SCROLL_RESTORE_MS = 500;

export interface Scrollable {
  scrollTop: number;
}

export interface Clock {
  now(): number;
  frame(callback: () => void): void;
}

const browserClock = (): Clock => ({
  now: () => performance.now(),
  frame: (callback) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
    else setTimeout(callback, 16);
  },
});

const easeInOut = (x: number) => (x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2);

/**
 * How long after its end a restore still waits for a page too short to reach its position (the
 * rows of a list coming back on a slow machine).
 */
export const SCROLL_SETTLE_MS = 3000;

/**
 * Scrolls `target` to `top` over `duration` ms (ease in-out); resolves when done. Nothing to do
 * when it is there already; and the user's own scroll meanwhile (the position is not where this
 * left it) ends it there: a restore never pulls the page back from under the user. A page still
 * too short at the end (the browser held the position lower) is followed for up to
 * SCROLL_SETTLE_MS more, until it has grown enough.
 */
export function smoothScrollTo(
  target: Scrollable,
  top: number,
  duration = SCROLL_RESTORE_MS,
  clock: Clock = browserClock(),
): Promise<void> {
  const from = target.scrollTop;
  if (Math.abs(from - top) < 1) return Promise.resolve();
  const start = clock.now();
  let left = from;
  return new Promise((resolve) => {
    const step = () => {
      if (Math.abs(target.scrollTop - left) > 1) {
        resolve();
        return;
      }
      const elapsed = clock.now() - start;
      const progress = duration > 0 ? Math.min(1, elapsed / duration) : 1;
      target.scrollTop = from + (top - from) * easeInOut(progress);
      left = target.scrollTop;
      // at the end, still short of `top` (the page too short yet): follow it a while
      if (progress < 1 || (Math.abs(left - top) > 1 && elapsed < duration + SCROLL_SETTLE_MS))
        clock.frame(step);
      else resolve();
    };
    step();
  });
}
