/** The first and shortest wait between two reads of the status. */
export const POLL_MS = 15_000;
/** The longest wait: the back-off doubles up to this. */
export const POLL_MAX_MS = 120_000;

/** What one read of the status found. */
export type ReadResult = 'changed' | 'same' | 'failed' | 'gone';

/**
 * Follows an order's status while the element is on a visible page: reads every 15 s, doubling
 * the wait up to 2 min while nothing changes or a read fails, back to 15 s after a change. Stops
 * while the page is hidden (and reads once at once when it shows again), when `stop()` is
 * called, and for good once a read answers 'gone' (the view token stopped working).
 */
export class StatusFollower {
  readonly #read: (signal: AbortSignal) => Promise<ReadResult>;
  #delay = POLL_MS;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #reading: AbortController | null = null;
  #running = false;

  constructor(read: (signal: AbortSignal) => Promise<ReadResult>) {
    this.#read = read;
  }

  /** The wait before the next read (for tests and the curious). */
  get delay(): number {
    return this.#delay;
  }

  get running(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#delay = POLL_MS;
    document.addEventListener('visibilitychange', this.#onVisibility);
    this.#schedule();
  }

  /** Reads now (the live stream said the order changed), then waits from the shortest delay again. */
  readNow(): void {
    if (!this.#running || document.hidden || this.#reading !== null) return;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#delay = POLL_MS;
    void this.#tick();
  }

  stop(): void {
    this.#running = false;
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#pause();
  }

  #pause(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#reading?.abort();
    this.#reading = null;
  }

  #schedule(): void {
    if (!this.#running || document.hidden || this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#tick();
    }, this.#delay);
  }

  async #tick(): Promise<void> {
    const reading = new AbortController();
    this.#reading = reading;
    let result: ReadResult;
    try {
      result = await this.#read(reading.signal);
    } catch {
      result = 'failed';
    }
    if (reading.signal.aborted || this.#reading !== reading) return;
    this.#reading = null;
    if (result === 'gone') return this.stop();
    this.#delay = result === 'changed' ? POLL_MS : Math.min(this.#delay * 2, POLL_MAX_MS);
    this.#schedule();
  }

  #onVisibility = () => {
    if (document.hidden) {
      this.#pause();
    } else if (this.#running && this.#timer === null && this.#reading === null) {
      // back on screen: read now (the status may have moved on while hidden), then as before
      this.#delay = POLL_MS;
      void this.#tick();
    }
  };
}
