import { startWakeLoop } from '../../core/wake-loop.ts';
import type { AppDeps } from '../../http/env.ts';
import { customersBehind, dispatchCustomer } from './dispatcher.ts';
import { closeAgents } from './post.ts';
import { runWebhookSender } from './sender.ts';

/** The dispatcher's slow poll (what no `live` message announced). */
export const DISPATCH_POLL_MS = 5_000;
/** The sender's slow poll: retries that came due, leases that ran out. */
export const SEND_POLL_MS = 5_000;

/**
 * Runs the dispatcher until no customer is behind: each customer's pass is its own transaction,
 * taken by one process at a time (dispatcher.ts). Answers how many deliveries it made.
 */
export async function runDispatcher(deps: AppDeps): Promise<number> {
  let made = 0;
  for (let round = 0; round < 20; round++) {
    const customers = await customersBehind(deps.db);
    if (customers.length === 0) break;
    let progressed = false;
    for (const cuId of customers) {
      const before = made;
      made += await dispatchCustomer(deps.db, cuId, deps.now());
      progressed ||= made > before;
    }
    if (!progressed) break;
  }
  return made;
}

/**
 * The webhooks of a server process (server/background.ts): the dispatcher, woken by the outbox's
 * `live` messages and every DISPATCH_POLL_MS, and the sender, woken by `webhooks` (new deliveries,
 * on commit) and every SEND_POLL_MS. Deliveries are rows, so what was not sent when a process
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
  const stopSender = startWakeLoop(
    { bus: deps.bus, topic: 'webhooks', pollMs: SEND_POLL_MS, label: '[webhooks]' },
    async (stopped) => {
      const max = 200;
      const run = await runWebhookSender(deps, { max, stopped });
      return run.delivered + run.retried + run.failed + run.skipped >= max;
    },
  );
  return async () => {
    await stopDispatcher();
    await stopSender();
    closeAgents();
  };
}
