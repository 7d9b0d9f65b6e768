import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Topic } from './bus.ts';
import { startWakeLoop } from './wake-loop.ts';

/** A bus of the test's own: `send` delivers at once to what listens on the topic. */
function fakeBus() {
  const handlers = new Map<Topic, Set<(payload: string) => void>>();
  return {
    on(topic: Topic, handler: (payload: string) => void) {
      const set = handlers.get(topic) ?? new Set();
      handlers.set(topic, set);
      set.add(handler);
      return () => set.delete(handler);
    },
    send(topic: Topic) {
      for (const handler of handlers.get(topic) ?? []) handler('');
    },
    listening: (topic: Topic) => handlers.get(topic)?.size ?? 0,
  };
}

/** A pass the test lets finish: `release()` ends the one in progress. */
function heldPasses(answers: Array<boolean | undefined> = []) {
  let release: () => void = () => {};
  let started = 0;
  let running = 0;
  let most = 0;
  const pass = vi.fn(async () => {
    started += 1;
    running += 1;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    running -= 1;
    return answers.shift();
  });
  return {
    pass,
    release: async () => {
      release();
      // the loop's next step runs on the microtask queue
      await vi.advanceTimersByTimeAsync(0);
    },
    started: () => started,
    most: () => most,
  };
}

const options = (bus: ReturnType<typeof fakeBus>) => ({
  bus,
  topic: 'mail' as const,
  pollMs: 30_000,
  label: '[test]',
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startWakeLoop', () => {
  it('runs a pass at the start, on its topic’s messages and every poll, never two at once', async () => {
    const bus = fakeBus();
    const passes = heldPasses();
    const stop = startWakeLoop(options(bus), passes.pass);
    expect(passes.started()).toBe(1);
    await passes.release();
    bus.send('live');
    expect(passes.started()).toBe(1);
    bus.send('mail');
    expect(passes.started()).toBe(2);
    await passes.release();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(passes.started()).toBe(3);
    await passes.release();
    expect(passes.most()).toBe(1);
    await stop();
  });

  it('wakes during a pass make one more pass after it, not one each', async () => {
    const bus = fakeBus();
    const passes = heldPasses();
    const stop = startWakeLoop(options(bus), passes.pass);
    bus.send('mail');
    bus.send('mail');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(passes.started()).toBe(1);
    await passes.release();
    expect(passes.started()).toBe(2);
    await passes.release();
    expect(passes.started()).toBe(2);
    expect(passes.most()).toBe(1);
    await stop();
  });

  it('goes on at once while a pass answers that it left work', async () => {
    const bus = fakeBus();
    const passes = heldPasses([true, true, false]);
    const stop = startWakeLoop(options(bus), passes.pass);
    await passes.release();
    await passes.release();
    expect(passes.started()).toBe(3);
    await passes.release();
    expect(passes.started()).toBe(3);
    await stop();
  });

  it('logs a failed pass and runs at the next wake', async () => {
    const bus = fakeBus();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    const stop = startWakeLoop(options(bus), async () => {
      calls += 1;
      if (calls === 1) throw new Error('the database is away');
      return false;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledWith('[test] a pass failed:', 'the database is away');
    bus.send('mail');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    warn.mockRestore();
    await stop();
  });

  it('stops: waits for the pass in progress, tells it so, and runs no other (bus or poll)', async () => {
    const bus = fakeBus();
    const seen: boolean[] = [];
    const passes = heldPasses([true]);
    const stop = startWakeLoop(options(bus), async (stopped) => {
      const answer = await passes.pass();
      seen.push(stopped());
      return answer;
    });
    let done = false;
    const stopping = stop().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    expect(bus.listening('mail')).toBe(0);
    await passes.release();
    await stopping;
    // it asked for more, but the loop was stopped
    expect(seen).toEqual([true]);
    bus.send('mail');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(passes.started()).toBe(1);
  });
});
