import type { AppDeps } from '../../http/env.ts';
import type { Resolver } from './address-guard.ts';
import { claimDelivery, ENDPOINT_IN_FLIGHT, type SendOutcome, sendDelivery } from './sender.ts';

/**
 * Lanes of one process: attempts it makes at once (each mostly waits on its receiver). An endpoint
 * takes at most ENDPOINT_IN_FLIGHT of them, so it takes four slow endpoints to fill them.
 */
export const SEND_CONCURRENCY = 16;

export type SendRun = Record<SendOutcome, number>;

export interface SendOptions {
  /** The most deliveries taken (none: no bound). */
  max?: number;
  concurrency?: number;
  perEndpoint?: number;
  resolve?: Resolver;
  timeoutMs?: number;
  random?: () => number;
}

export interface SendPool {
  /** Claims due deliveries while a lane is free (a wake: new deliveries, a poll). */
  fill(): void;
  /** Resolves when no attempt is in flight and the last claim found nothing due. */
  idle(): Promise<void>;
  /** Takes nothing more and waits for the attempts in flight. */
  stop(): Promise<void>;
  readonly run: SendRun;
}

/**
 * The sender's lanes, refilled as each attempt ends and at every wake, never in rounds: an attempt
 * waiting 10 s on a slow receiver holds its own lane only, and a delivery to another endpoint due
 * meanwhile is claimed by a free lane at once (no pass waits for its slowest attempt). With the
 * per-endpoint bound of the claim (claimDelivery), a slow or failing endpoint, however many of its
 * deliveries are due, delays only its own.
 */
export function sendPool(deps: AppDeps, options: SendOptions = {}): SendPool {
  const run: SendRun = { delivered: 0, retried: 0, failed: 0, skipped: 0 };
  const concurrency = options.concurrency ?? SEND_CONCURRENCY;
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const inFlight = new Set<Promise<void>>();
  let taken = 0;
  let stopped = false;
  let filling: Promise<void> | null = null;
  let again = false;
  let idlers: Array<() => void> = [];

  const settleIdle = () => {
    if (filling || inFlight.size > 0) return;
    const waiting = idlers;
    idlers = [];
    for (const done of waiting) done();
  };

  const start = (job: NonNullable<Awaited<ReturnType<typeof claimDelivery>>>) => {
    const attempt: Promise<void> = sendDelivery(deps, job, options)
      .then(
        (outcome) => {
          run[outcome] += 1;
        },
        (error: unknown) => {
          // its lease runs out and a later claim tries again
          console.warn(`[webhooks] delivery ${job.id}: ${error instanceof Error ? error.message : error}`);
        },
      )
      .finally(() => {
        inFlight.delete(attempt);
        fill();
      });
    inFlight.add(attempt);
  };

  const claimWhileFree = async () => {
    while (!stopped && inFlight.size < concurrency && taken < max) {
      const job = await claimDelivery(
        deps.db,
        deps.now(),
        undefined,
        options.perEndpoint ?? ENDPOINT_IN_FLIGHT,
      );
      if (!job) return;
      taken += 1;
      start(job);
    }
  };

  const fill = () => {
    if (stopped) return;
    if (filling) {
      again = true;
      return;
    }
    filling = (async () => {
      do {
        again = false;
        try {
          await claimWhileFree();
        } catch (error) {
          console.warn('[webhooks] a claim failed:', error instanceof Error ? error.message : error);
        }
      } while (again && !stopped);
      filling = null;
      settleIdle();
    })();
  };

  return {
    run,
    fill,
    idle: () =>
      new Promise<void>((done) => {
        idlers.push(done);
        settleIdle();
      }),
    async stop() {
      stopped = true;
      while (filling || inFlight.size > 0) await Promise.all([filling, ...inFlight]);
    },
  };
}

/**
 * Sends the due deliveries (sendPool) until none is due and none is in flight, or `max` were
 * taken. Any number of processes run this at once; each attempt is made by one. Answers what
 * became of the deliveries it took.
 */
export async function runWebhookSender(deps: AppDeps, options: SendOptions = {}): Promise<SendRun> {
  const pool = sendPool(deps, options);
  pool.fill();
  await pool.idle();
  return pool.run;
}
