import { type Clock, install } from '@sinonjs/fake-timers';
import { WAIT_MS } from './wait.ts';

export type FakeClock = Clock;

/** The clock installed by the running test, and whether a test is running at all. */
let active: FakeClock | null = null;
let testRunning = false;

/**
 * Around every browser test (browser-setup.ts registers them for each file: the files share this
 * module, which is loaded once): a test starts with no clock, and its end uninstalls its clock.
 */
export function clockTestStarts(): void {
  testRunning = true;
}
export function clockTestEnds(): void {
  active?.uninstall();
  testRunning = false;
}

/**
 * Fakes `Date` (starting at the real now) and the timers (setTimeout, setInterval), so a test
 * moves time with `clock.tickAsync(ms)` instead of sleeping. Animation frames, fetch, `performance`
 * and React's scheduler keep running: wait for the page with `until` or `settle()`
 * (testing/mount.tsx), not `waitUntil` (which polls with setTimeout). axe (`to.be.accessible()`)
 * needs real timers: check accessibility before installing or after `uninstall()`.
 *
 * The clock never outlives its test: every test's end uninstalls it (calling `uninstall()` in
 * afterEach as well is harmless), and a test body that goes on after its test timed out cannot
 * install one once its test has ended — a fake `setTimeout` left behind would stall the test
 * runner's own work in the page, which waits on timers.
 */
export function fakeClock(): FakeClock {
  if (!testRunning) {
    throw new Error('fakeClock() after its test ended (the test timed out): not installed');
  }
  active?.uninstall();
  const clock = install({
    now: Date.now(),
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    // timers set before the install (a waitUntil that just finished) are cleared natively
    shouldClearNativeTimers: true,
  });
  const uninstall = clock.uninstall.bind(clock);
  let installed = true;
  clock.uninstall = () => {
    if (installed) uninstall();
    installed = false;
    if (active === clock) active = null;
  };
  active = clock;
  return clock;
}

/**
 * Waits, frame by frame in real time, until `predicate` answers something truthy, and resolves
 * with it (fails after `timeoutMs`, by default WAIT_MS of wait.ts). For what the browser must do (a network round trip, a
 * paint); works with real and fake timers alike.
 */
export async function until<T>(
  predicate: () => T | null | undefined | false | '' | 0,
  message = 'condition',
  timeoutMs = WAIT_MS,
): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = predicate();
    if (value) return value;
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${message}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/**
 * Waits, as `until` does, until `read()` deep-equals `expected` (compared as JSON); on a timeout
 * the error shows what was read last. For what arrives by more than one request (a list's rows,
 * then its counts): reading it once after the first has arrived races the second.
 */
export async function untilEqual<T>(
  read: () => T,
  expected: T,
  message = 'the value',
  timeoutMs = WAIT_MS,
): Promise<void> {
  const want = JSON.stringify(expected);
  let last = '';
  try {
    await until(
      () => {
        last = JSON.stringify(read());
        return last === want;
      },
      message,
      timeoutMs,
    );
  } catch {
    throw new Error(`timed out waiting for ${message}: expected ${want}, last read ${last}`);
  }
}
