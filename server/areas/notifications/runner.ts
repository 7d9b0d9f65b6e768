import { sql } from 'kysely';
import { startWakeLoop } from '../../core/wake-loop.ts';
import type { AppDeps } from '../../http/env.ts';
import { notifyCustomer } from './notifier.ts';

/** The slow poll that finds what no bus message announced (a lost message, LIVE_LISTEN=off). */
export const NOTIFY_POLL_MS = 5000;

/** The customers with events the notifier has not read yet. */
async function behind(deps: AppDeps): Promise<number[]> {
  const { rows } = await sql<{ cu_id: number }>`
    select h.cu_id from event_heads h left join notify_cursors c on c.cu_id = h.cu_id
    where h.seq > coalesce(c.seq, 0) order by h.cu_id limit 500`.execute(deps.db);
  return rows.map((r) => r.cu_id);
}

/**
 * Runs the notifier until no customer is behind: each customer's pass is its own transaction,
 * taken by one process at a time (notifier.ts). Answers how many notifications it made.
 */
export async function runNotifier(deps: AppDeps): Promise<number> {
  let made = 0;
  for (let round = 0; round < 20; round++) {
    const customers = await behind(deps);
    if (customers.length === 0) break;
    let progressed = false;
    for (const cuId of customers) {
      const before = made;
      made += await notifyCustomer(deps.db, cuId, deps.now());
      progressed ||= made > before;
    }
    // another process holds the customers left, or their events tell no one: the next wake reads again
    if (!progressed) break;
  }
  return made;
}

/**
 * The notifier of a server process: woken by the outbox's `live` messages and every
 * NOTIFY_POLL_MS; one pass at a time, another asked for when a wake comes meanwhile.
 */
export function startNotifier(deps: AppDeps, pollMs = NOTIFY_POLL_MS): () => Promise<void> {
  return startWakeLoop({ bus: deps.bus, topic: 'live', pollMs, label: '[notifications]' }, async () => {
    await runNotifier(deps);
    return false;
  });
}
