import { sql } from 'kysely';
import type { OrderCounts } from '../../../src/contract/orders/schemas.ts';
import type { DB } from '../../db/database.ts';
import type { OrderFilterFields } from './list-query.ts';

/** `order_counts` (migration 2026-11-25T0001): orders per customer, project, type, class, excursion, documents and status, with totals per project and day. */
export interface OrderCountsTable {
  cu_id: number;
  /**
   * 0 for orders without a project; -1 on the customer's totals; -2 on the customer's totals per
   * excursion level and document state (type and class `*`, undated; migration 2026-11-30T0001).
   */
  pr_id: number;
  /** `*` on the totals rows (with the three columns after it). */
  order_type: string;
  temp_class: string;
  excursion: string;
  attachment_status: string;
  status: string;
  /** The creation day in China on the per-day totals; -infinity elsewhere. */
  day: Date;
  n: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    order_counts: OrderCountsTable;
  }
}

/** Filters the totals rows cannot answer: they need the detailed rows. */
const detailed = (filter: OrderFilterFields) =>
  Boolean(filter.order_type || filter.temp_class || filter.excursion || filter.attachment_status);
const dated = (filter: OrderFilterFields) => Boolean(filter.date_from || filter.date_to);
/** Filters the customer's totals per excursion and documents (project -2) answer: those two alone. */
const levelsOnly = (filter: OrderFilterFields) =>
  filter.pr_id === undefined && !filter.order_type && !filter.temp_class && !dated(filter);

/**
 * Whether the kept counts answer this filter: never with a keyword, `due` or `modification` (they
 * keep neither delivery times nor modification requests); dates only with the totals (a project
 * or none), not with the type, class, excursion or document filters.
 */
export const summaryAnswers = (filter: OrderFilterFields) =>
  !filter.keyword?.trim() && !filter.due && !filter.modification && !(dated(filter) && detailed(filter));

/** The sums per status from `order_counts` that answer `filter` (see `summaryAnswers`). */
export function summaryCountsQuery(db: DB, cuId: number, filter: OrderFilterFields) {
  let query = db
    .selectFrom('order_counts')
    .select(['status', sql<string>`sum(n)`.as('n')])
    .where('cu_id', '=', cuId)
    .groupBy('status');
  if (!detailed(filter)) {
    // the totals rows ('*') of a project or of the customer (project -1), per day when dated
    query = query.where('order_type', '=', '*').where('pr_id', '=', filter.pr_id ?? -1);
    if (!dated(filter)) query = query.where(sql<boolean>`day = '-infinity'`);
    else {
      query = query.where(sql<boolean>`day > '-infinity'`);
      if (filter.date_from) query = query.where(sql<boolean>`day >= ${filter.date_from}::date`);
      if (filter.date_to) query = query.where(sql<boolean>`day <= ${filter.date_to}::date`);
    }
  } else if (levelsOnly(filter)) {
    // at most 80 rows: the customer's totals per excursion level, document state and status
    query = query.where('pr_id', '=', -2);
  } else {
    query = query.where('order_type', '!=', '*');
    if (filter.pr_id !== undefined) query = query.where('pr_id', '=', filter.pr_id);
  }
  if (filter.order_type) query = query.where('order_type', '=', filter.order_type);
  if (filter.temp_class) query = query.where('temp_class', '=', filter.temp_class);
  if (filter.excursion === 'any') query = query.where('excursion', '!=', 'none');
  else if (filter.excursion) query = query.where('excursion', '=', filter.excursion);
  if (filter.attachment_status) query = query.where('attachment_status', '=', filter.attachment_status);
  return query;
}

/** The counts per status tab from `order_counts` (the same numbers a count over the orders gives). */
export async function summaryCounts(db: DB, cuId: number, filter: OrderFilterFields): Promise<OrderCounts> {
  const counts: OrderCounts = {
    all: 0,
    pending_approval: 0,
    pending_confirm: 0,
    not_finished: 0,
    finished: 0,
    cancelled: 0,
  };
  for (const row of await summaryCountsQuery(db, cuId, filter).execute()) {
    const n = Number(row.n);
    if (row.status in counts) counts[row.status as keyof OrderCounts] += n;
    counts.all += n;
  }
  return counts;
}

/** The documents page's states (`orders.attachment_status`, orders not cancelled). */
export interface DocumentCounts {
  missing: number;
  pending: number;
  rejected: number;
}

/** `not_finished` orders per excursion level (the list's `?status=not_finished&excursion=…`). */
export interface ExcursionCounts {
  low: number;
  medium: number;
  high: number;
}

/**
 * From the kept counts' customer totals per excursion and documents (project -2, at most 80 rows),
 * in one pass: the orders not cancelled per document state (what the documents page counts, each
 * order in its `attachment_status`) and the `not_finished` orders per excursion level.
 */
export async function detailCounts(
  db: DB,
  cuId: number,
): Promise<{ documents: DocumentCounts; excursions: ExcursionCounts }> {
  const docs = (state: string) =>
    sql<string | null>`sum(n) filter (where status <> 'cancelled' and attachment_status = ${state})`;
  const level = (value: string) =>
    sql<string | null>`sum(n) filter (where status = 'not_finished' and excursion = ${value})`;
  const row = await db
    .selectFrom('order_counts')
    .select([
      docs('missing').as('missing'),
      docs('pending').as('pending'),
      docs('rejected').as('rejected'),
      level('low').as('low'),
      level('medium').as('medium'),
      level('high').as('high'),
    ])
    .where('cu_id', '=', cuId)
    .where('pr_id', '=', -2)
    .executeTakeFirstOrThrow();
  const n = (value: string | null) => Number(value ?? 0);
  return {
    documents: { missing: n(row.missing), pending: n(row.pending), rejected: n(row.rejected) },
    excursions: { low: n(row.low), medium: n(row.medium), high: n(row.high) },
  };
}
