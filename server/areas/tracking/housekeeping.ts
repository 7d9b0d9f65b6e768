import type { Chore } from '../../core/housekeeping.ts';

/** Failed lookups older than a day no longer count for anything. */
export const FAILURES_KEEP_MS = 24 * 60 * 60_000;

export const chores: Chore[] = [
  {
    name: 'tracking failures',
    async run({ db }, now) {
      const gone = await db
        .deleteFrom('tracking_failures')
        .where('failed_at', '<', new Date(now.getTime() - FAILURES_KEEP_MS))
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    },
  },
];
