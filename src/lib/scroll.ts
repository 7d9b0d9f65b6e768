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

/** Scrolls `target` to `top` over `duration` ms (ease in-out); resolves when done. */
export function smoothScrollTo(
  target: Scrollable,
  top: number,
  duration = SCROLL_RESTORE_MS,
  clock: Clock = browserClock(),
): Promise<void> {
  const from = target.scrollTop;
  const start = clock.now();
  return new Promise((resolve) => {
    const step = () => {
      const progress = duration > 0 ? Math.min(1, (clock.now() - start) / duration) : 1;
      target.scrollTop = from + (top - from) * easeInOut(progress);
      if (progress < 1) clock.frame(step);
      else resolve();
    };
    step();
  });
}
