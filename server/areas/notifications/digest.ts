import { sql } from 'kysely';
import { notify } from '../../core/bus.ts';
import type { AppDeps } from '../../http/env.ts';

/** The digest's name in `schedule_runs`: its row holds the last digest moment taken. */
export const DIGEST_SCHEDULE = 'notification digest';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** China time is UTC+8 all year (no daylight saving). */
const CHINA_OFFSET_MS = 8 * HOUR_MS;

/** The latest digest moment at or before `now`: `hour`:00 China time today, else yesterday's. */
export function digestSlot(now: Date, hour: number): Date {
  const local = now.getTime() + CHINA_OFFSET_MS;
  let slot = Math.floor(local / DAY_MS) * DAY_MS + hour * HOUR_MS;
  if (slot > local) slot -= DAY_MS;
  return new Date(slot - CHINA_OFFSET_MS);
}

/**
 * The day's digest, once across processes: when the latest digest moment (`DIGEST_HOUR` China
 * time) has not been taken yet, one transaction takes it in `schedule_runs` (an upsert that only
 * moves the moment forward: of two processes, the second waits for the first's row and finds it
 * taken) and makes the waiting entries (`mail_state` 'digest') into one mail job per user and
 * customer, the entries then 'queued'. A failure rolls all of it back and the next look tries
 * again; a process that was down at the hour sends the digest when it next looks. Answers how
 * many jobs it made, or null when the moment was taken already.
 */
export async function digestOnce(
  deps: AppDeps,
  now: Date = deps.now(),
  schedule = DIGEST_SCHEDULE,
): Promise<number | null> {
  const slot = digestSlot(now, deps.config.digestHour);
  const last = await deps.db
    .selectFrom('schedule_runs')
    .select('last_run_at')
    .where('name', '=', schedule)
    .executeTakeFirst();
  if (last && new Date(last.last_run_at).getTime() >= slot.getTime()) return null;
  return deps.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ name: string }>`
      insert into schedule_runs (name, last_run_at) values (${schedule}, ${slot})
      on conflict (name) do update set last_run_at = excluded.last_run_at
      where schedule_runs.last_run_at < excluded.last_run_at
      returning name`.execute(trx);
    if (rows.length === 0) return null;
    const waiting = await trx
      .updateTable('notifications')
      .set({ mail_state: 'queued' })
      .where('mail_state', '=', 'digest')
      .where('created_at', '<=', now)
      .returning(['id', 'uid', 'cu_id'])
      .execute();
    const byUser = new Map<string, { uid: number; cuId: number; ids: number[] }>();
    for (const n of waiting) {
      const key = `${n.uid}:${n.cu_id}`;
      const entry = byUser.get(key) ?? { uid: n.uid, cuId: n.cu_id, ids: [] };
      entry.ids.push(n.id);
      byUser.set(key, entry);
    }
    if (byUser.size === 0) return 0;
    await trx
      .insertInto('mail_jobs')
      .values(
        [...byUser.values()].map((u) => ({
          uid: u.uid,
          cu_id: u.cuId,
          notification_ids: JSON.stringify(u.ids.sort((a, b) => a - b)),
          digest: true,
          next_at: now,
          created_at: now,
        })),
      )
      .execute();
    await notify(trx, 'mail', 'digest');
    return byUser.size;
  });
}
