import type { Bus, Topic } from './bus.ts';

export interface WakeLoopOptions {
  /** The bus whose `topic` messages wake the loop (a commit elsewhere made work). */
  bus: Pick<Bus, 'on'>;
  topic: Topic;
  /** The slow poll: what no message announced (one lost, the bus down), work that came due. */
  pollMs: number;
  /** How a failed pass is logged (`[mail]` → `[mail] a pass failed: …`). */
  label: string;
}

/**
 * A background loop of a server process (the notifier, the mail sender): `pass` runs when woken,
 * by the bus's `topic`, every `pollMs` and once at the start; one pass at a time, another right
 * after it when a wake came meanwhile or the pass answers true (it left work: a full page). A
 * failed pass is logged and the next wake tries again; what it did not do is still in the
 * database. `pass` is given whether the loop was stopped meanwhile. Answers the stop, which
 * waits for the pass in progress.
 */
export function startWakeLoop(
  options: WakeLoopOptions,
  pass: (stopped: () => boolean) => Promise<boolean | undefined>,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const isStopped = () => stopped;
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          if (await pass(isStopped)) again = true;
        } catch (error) {
          console.warn(`${options.label} a pass failed:`, error instanceof Error ? error.message : error);
        }
      } while (again && !stopped);
      running = null;
    })();
  };
  const stopBus = options.bus.on(options.topic, wake);
  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  wake();
  return async () => {
    stopped = true;
    stopBus();
    clearInterval(timer);
    await running;
  };
}
