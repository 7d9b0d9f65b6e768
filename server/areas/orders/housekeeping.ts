import type { Chore } from '../../core/housekeeping.ts';

/**
 * How long a merge's or a create's Idempotency-Key is remembered. A key guards a double click, a
 * retry after a network failure and a reload after submit, which happen within minutes; a week
 * also covers a laptop closed mid-submit and opened after a weekend.
 */
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 60 * 60_000;

export const chores: Chore[] = [
  {
    name: 'idempotency keys',
    async run({ db }, now) {
      const gone = await db
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEEP_MS))
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    },
  },
];
