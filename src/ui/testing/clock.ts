import { type Clock, install } from '@sinonjs/fake-timers';

export type FakeClock = Clock;

/**
 * Fakes `Date` (starting at the real now) and the timers (setTimeout, setInterval), so a test
 * moves time with `clock.tickAsync(ms)` instead of sleeping. Animation frames, fetch, `performance`
 * and React's scheduler keep running: wait for the page with `until` or `settle()`
 * (testing/mount.tsx), not `waitUntil` (which polls with setTimeout). axe (`to.be.accessible()`)
 * needs real timers: check accessibility before installing or after `uninstall()`.
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

/**
 * Waits, frame by frame in real time, until `predicate` answers something truthy, and resolves
 * with it (fails after `timeoutMs`). For what the browser must do (a network round trip, a
 * paint); works with real and fake timers alike.
 */
export async function until<T>(
  predicate: () => T | null | undefined | false | '' | 0,
  message = 'condition',
  timeoutMs = 5000,
): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = predicate();
    if (value) return value;
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${message}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
