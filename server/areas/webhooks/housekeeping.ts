import { sql } from 'kysely';
import type { Chore } from '../../core/housekeeping.ts';
import type { AppDeps } from '../../http/env.ts';

/**
 * The delivery log is kept WEBHOOK_LOG_DAYS: its attempts, and the deliveries finished before
 * then (a delivery still being tried stays with its attempts; none is tried past three days).
 * Messages kept while an endpoint was disabled are finished when made: a replay can send them
 * for as long.
 */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * What an order was when last told (`webhook_order_states`, events.ts) is kept while someone may
 * compare with it: not past WEBHOOK_ORDER_STATE_DAYS since it was told (an order quiet for that
 * long is done with; a change after that is told as for an order first seen: a status change
 * without `previous_status`), and not once its customer has no endpoint left.
 */
export const WEBHOOK_ORDER_STATE_DAYS = 90;

async function pruneLog(deps: AppDeps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_LOG_DAYS * 86_400_000);
  // their attempts go with them (on delete cascade)
  const deliveries = await deps.db
    .deleteFrom('webhook_deliveries')
    .where('finished_at', '<', before)
    .executeTakeFirst();
  return Number(deliveries.numDeletedRows);
}

async function pruneOrderStates(deps: AppDeps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_ORDER_STATE_DAYS * 86_400_000);
  const { numAffectedRows } = await sql`
    delete from webhook_order_states s
    where s.told_at < ${before}
      or not exists (select 1 from webhook_endpoints e where e.cu_id = s.cu_id)`.execute(deps.db);
  return Number(numAffectedRows ?? 0);
}

export const chores: Chore[] = [
  { name: 'webhook deliveries past 30 days', run: pruneLog },
  { name: 'webhook order states told 90 days ago or of no endpoint', run: pruneOrderStates },
];
