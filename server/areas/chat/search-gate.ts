import { Code } from '../../../src/contract/codes.ts';
import { ApiError } from '../../core/errors.ts';

/**
 * A counting semaphore with a bounded queue: at most `permits` tasks run at once, at most
 * `queue` more wait (first come, first served), and past that `run` refuses at once with 429
 * instead of letting work pile up.
 */
export class ConcurrencyGate {
  private running = 0;
  /** Tasks refused so far. */
  refused = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly permits: number,
    readonly queue: number,
  ) {
    if (permits < 1 || queue < 0) throw new RangeError('a gate needs a permit and a queue of 0 or more');
  }

  /** Tasks running and waiting right now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `task` once a permit is free (at once, synchronously, when one is); rejects with 429
   * without running it when every permit is taken and the queue is full.
   */
  async run<T>(task: () => Promise<T> | T): Promise<T> {
    if (this.running >= this.permits) {
      if (this.waiting.length >= this.queue) {
        this.refused += 1;
        throw new ApiError(Code.tooManyRequests, 'Too many searches at once, please try again');
      }
      // The permit is handed over by release(): `running` stays counted for the waiter.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
