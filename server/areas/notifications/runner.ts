import { sql } from 'kysely';
import { startWakeLoop } from '../../core/wake-loop.ts';
import { drainCustomers } from '../live/cursor.ts';
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
 * Runs the notifier until no customer is behind (live/cursor.ts `drainCustomers`): each
 * customer's pass is its own transaction, taken by one process at a time (notifier.ts). Answers
 * how many notifications it made.
 */
export function runNotifier(deps: AppDeps): Promise<number> {
  return drainCustomers(
    () => behind(deps),
    (cuId) => notifyCustomer(deps.db, cuId, deps.now()),
  );
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
