import type { Clock } from './clock.ts';

/**
 * A clock moved by hand (tests of drafts and of what stores them): timers run only when
 * `advance(ms)` passes their time, in time order.
 */
export function manualClock(start = 1_750_000_000_000) {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: Clock & { advance(ms: number): void } = {
    now: () => now,
    setTimeout(run, ms) {
      seq += 1;
      timers.set(seq, { at: now + ms, run });
      return seq;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const [id, due] = [...timers].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (id === undefined || !due || due.at > end) break;
        timers.delete(id);
        now = due.at;
        due.run();
      }
      now = end;
    },
  };
  return clock;
}
