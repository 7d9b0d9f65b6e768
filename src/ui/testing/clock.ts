import { type Clock, install } from '@sinonjs/fake-timers';

export type FakeClock = Clock;

/**
 * Fakes `Date` (starting at the real now) and the timers (setTimeout, setInterval), so a test
 * moves time with `clock.tickAsync(ms)` instead of sleeping. Animation frames, fetch and React's scheduler keep
 * running: wait for the page with `until`, not `waitUntil` (which polls with setTimeout).
 * Call `clock.uninstall()` in afterEach.
 */
export function fakeClock(): FakeClock {
  return install({
    now: Date.now(),
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    // timers set before the install (a waitUntil that just finished) are cleared natively
    shouldClearNativeTimers: true,
  });
}

/** Waits, frame by frame in real time, until `predicate` holds (fails after `timeoutMs`). */
export async function until(
  predicate: () => unknown,
  message = 'condition',
  timeoutMs = 5000,
): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${message}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
