import type { Chore } from '../../core/housekeeping.ts';
import type { AppDeps } from '../../http/env.ts';

/**
 * Events are kept EVENT_RETENTION_DAYS: long enough for a stream to resume after a laptop's night
 * or weekend closed (a resume further back is told `reset`) and for the notifications and
 * webhooks to read them; they are not the record (the audit trail is), so they go after that.
 * Each customer's newest event stays, so its numbering goes on from its head.
 */
export const EVENT_RETENTION_DAYS = 14;

async function pruneEvents(deps: AppDeps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  const removed = await deps.db.deleteFrom('events').where('at', '<', before).executeTakeFirst();
  return Number(removed.numDeletedRows);
}

export const chores: Chore[] = [{ name: 'events past their retention', run: pruneEvents }];
