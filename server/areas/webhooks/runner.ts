import { startWakeLoop } from '../../core/wake-loop.ts';
import { drainCustomers } from '../live/cursor.ts';
import type { AppDeps } from '../../http/env.ts';
import { customersBehind, dispatchCustomer } from './dispatcher.ts';
import { closeAgents } from './post.ts';
import { sendPool } from './send-pool.ts';

/** The dispatcher's slow poll (what no `live` message announced). */
export const DISPATCH_POLL_MS = 5_000;
/** The sender's slow poll: retries that came due, leases that ran out. */
export const SEND_POLL_MS = 5_000;

/**
 * Runs the dispatcher until no customer is behind (live/cursor.ts `drainCustomers`): each
 * customer's pass is its own transaction, taken by one process at a time (dispatcher.ts). Answers
 * how many deliveries it made.
 */
export function runDispatcher(deps: AppDeps): Promise<number> {
  return drainCustomers(
    () => customersBehind(deps.db),
    (cuId) => dispatchCustomer(deps.db, cuId, deps.now()),
  );
}

/**
 * The webhooks of a server process (server/background.ts): the dispatcher, woken by the outbox's
 * `live` messages and every DISPATCH_POLL_MS, and the sender's lanes, filled when `webhooks` says
 * (new deliveries, on commit), every SEND_POLL_MS and as each attempt ends. Deliveries are rows, so what was not sent when a process
 * stopped is sent after its start, or by another process once its lease is up.
 */
export function startWebhooks(deps: AppDeps): () => Promise<void> {
  const stopDispatcher = startWakeLoop(
    { bus: deps.bus, topic: 'live', pollMs: DISPATCH_POLL_MS, label: '[webhooks]' },
    async () => {
      await runDispatcher(deps);
      return false;
    },
  );
  // the sender's lanes are refilled as each attempt ends and at each wake (send-pool.ts), not in
  // passes that would wait for their slowest attempt
  const pool = sendPool(deps);
  const stopWakes = deps.bus.on('webhooks', pool.fill);
  const timer = setInterval(pool.fill, SEND_POLL_MS);
  timer.unref();
  pool.fill();
  return async () => {
    await stopDispatcher();
    clearInterval(timer);
    stopWakes();
    await pool.stop();
    closeAgents();
  };
}
