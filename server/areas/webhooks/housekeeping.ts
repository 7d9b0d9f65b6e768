import type { Chore } from '../../core/housekeeping.ts';
import type { AppDeps } from '../../http/env.ts';

/**
 * The delivery log is kept WEBHOOK_LOG_DAYS: its attempts, and the deliveries finished before
 * then (a delivery still being tried stays with its attempts; none is tried past three days).
 */
export const WEBHOOK_LOG_DAYS = 30;

async function pruneLog(deps: AppDeps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_LOG_DAYS * 86_400_000);
  // their attempts go with them (on delete cascade)
  const deliveries = await deps.db
    .deleteFrom('webhook_deliveries')
    .where('finished_at', '<', before)
    .executeTakeFirst();
  return Number(deliveries.numDeletedRows);
}

export const chores: Chore[] = [{ name: 'webhook deliveries past 30 days', run: pruneLog }];
