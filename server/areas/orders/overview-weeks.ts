import { sql } from 'kysely';
import { ORDER_STATUSES, type OrderStatus } from '../../../src/contract/orders/domain.ts';
import { OVERVIEW_WEEKS, type Overview } from '../../../src/contract/orders/overview.ts';
import type { OrderCounts } from '../../../src/contract/orders/schemas.ts';
import type { DB } from '../../db/database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `yyyy-mm-dd` plus `days` (calendar arithmetic, no time zone). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week of `day` (`yyyy-mm-dd`). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The Mondays of the `OVERVIEW_WEEKS` weeks that end with the week of `today`, oldest first. */
export function overviewWeeks(today: string): string[] {
  const last = mondayOf(today);
  return Array.from({ length: OVERVIEW_WEEKS }, (_, i) => addDays(last, (i - OVERVIEW_WEEKS + 1) * 7));
}

const noStatuses = () => Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;

/**
 * The customer's orders per status tab (the list's `counts` with no filter) and per week by
 * their status now, from the kept counts' customer totals (project -1): the undated rows and
 * the China days of the weeks shown, one read of at most a few thousand rows.
 */
export async function countsAndWeeks(
  db: DB,
  cuId: number,
  today: string,
): Promise<{ counts: OrderCounts; weekly: Overview['weekly'] }> {
  const weeks = overviewWeeks(today);
  const rows = await db
    .selectFrom('order_counts')
    .select([
      'status',
      sql<string | null>`case when day = '-infinity' then null else to_char(day, 'YYYY-MM-DD') end`.as('day'),
      'n',
    ])
    .where('cu_id', '=', cuId)
    .where('pr_id', '=', -1)
    // as the partial index `order_counts_days` states it
    .where(sql<boolean>`order_type = '*'`)
    .where(sql<boolean>`(day = '-infinity' or day >= ${weeks[0]}::date)`)
    .execute();
  const counts: OrderCounts = { all: 0, ...noStatuses() };
  const weekly = weeks.map((week) => ({ week, counts: noStatuses() }));
  const first = Date.parse(`${weeks[0]}T00:00:00Z`);
  for (const row of rows) {
    const status = row.status as OrderStatus;
    if (!(status in counts)) continue;
    const n = Number(row.n);
    if (row.day === null) {
      counts[status] += n;
      counts.all += n;
      continue;
    }
    const index = Math.floor((Date.parse(`${row.day}T00:00:00Z`) - first) / (7 * DAY_MS));
    const entry = weekly[index];
    if (entry) entry.counts[status] += n;
  }
  return { counts, weekly };
}
