import { describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/codes.ts';
import { ConcurrencyGate } from './search-gate.ts';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConcurrencyGate', () => {
  it('runs up to `permits` tasks at once, queues `queue` more and refuses the next with 429 at once', async () => {
    const gate = new ConcurrencyGate(2, 1);
    const started: string[] = [];
    const tasks = { a: deferred<string>(), b: deferred<string>(), c: deferred<string>() };
    const run = (name: keyof typeof tasks) =>
      gate.run(() => {
        started.push(name);
        return tasks[name].promise;
      });
    const a = run('a');
    const b = run('b');
    const c = run('c');
    expect(started).toEqual(['a', 'b']);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });

    let refusedTaskRan = false;
    await expect(
      gate.run(() => {
        refusedTaskRan = true;
      }),
    ).rejects.toMatchObject({ code: Code.tooManyRequests });
    expect(refusedTaskRan).toBe(false);
    expect(gate.refused).toBe(1);

    tasks.a.resolve('A');
    expect(await a).toBe('A');
    expect(started).toEqual(['a', 'b', 'c']);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    tasks.b.resolve('B');
    tasks.c.resolve('C');
    expect(await Promise.all([b, c])).toEqual(['B', 'C']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('hands the permit on when a task fails, and serves waiters first come, first served', async () => {
    const gate = new ConcurrencyGate(1, 5);
    const first = deferred<void>();
    const order: number[] = [];
    const failing = gate.run(() => first.promise);
    const waiters = [1, 2, 3].map((n) => gate.run(() => order.push(n)));
    first.reject(new Error('boom'));
    await expect(failing).rejects.toThrow('boom');
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
