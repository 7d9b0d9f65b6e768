import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type * as v from 'valibot';
import { ORDER_STATUSES, type OrderStatus } from '../../../src/contract/orders/domain.ts';
import type { OrderCounts, OrderListQuery } from '../../../src/contract/orders/schemas.ts';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** The list's filters as the contract parses them (defaults filled in). */
export type OrderFilter = v.InferOutput<typeof OrderListQuery>;

/** The filters that narrow a customer's orders, without paging and sorting (exports use this). */
export type OrderFilterFields = Partial<
  Pick<
    OrderFilter,
    | 'status'
    | 'keyword'
    | 'pr_id'
    | 'order_type'
    | 'temp_class'
    | 'excursion'
    | 'attachment_status'
    | 'date_from'
    | 'date_to'
  >
>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of a calendar day in China (the list's dates are China days). */
export const chinaDayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/** A keyword as a LIKE pattern: lower-cased, `\`, `%` and `_` taken literally. */
export function keywordPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The conditions of every filter but the status, on the `orders` table of any select that has it
 * (columns are qualified, so joins may add tables with the same column names).
 *
 * - `keyword`: lower-cased `search_text like '%kw%'` (the order number, the parties that are not
 *   masked, project, site and city names; the pg_trgm index serves 3+ characters).
 * - `excursion`: a level, or `any` for every level but `none`.
 * - `date_from` / `date_to`: the creation day in China, both ends included.
 */
function filterConditions(
  eb: ExpressionBuilder<Database, 'orders'>,
  cuId: number,
  filter: OrderFilterFields,
) {
  const conditions = [eb('orders.cu_id', '=', cuId)];
  const keyword = filter.keyword?.trim() ?? '';
  if (keyword) conditions.push(eb('orders.search_text', 'like', keywordPattern(keyword)));
  if (filter.pr_id !== undefined) conditions.push(eb('orders.pr_id', '=', filter.pr_id));
  if (filter.order_type) conditions.push(eb('orders.order_type', '=', filter.order_type));
  if (filter.temp_class) conditions.push(eb('orders.temp_class', '=', filter.temp_class));
  if (filter.excursion === 'any') conditions.push(eb('orders.excursion', '!=', 'none'));
  else if (filter.excursion) conditions.push(eb('orders.excursion', '=', filter.excursion));
  if (filter.attachment_status)
    conditions.push(eb('orders.attachment_status', '=', filter.attachment_status));
  if (filter.date_from) conditions.push(eb('orders.created_at', '>=', chinaDayStart(filter.date_from)));
  if (filter.date_to)
    conditions.push(eb('orders.created_at', '<', new Date(chinaDayStart(filter.date_to).getTime() + DAY_MS)));
  return conditions;
}

/**
 * The orders of customer `cuId` that pass `filter` (the status too, unless it is `all` or left
 * out): a select of `orders` to join, select from, sort and page. The list, its exports and the
 * customized/destroy lists all start here, so they always agree on what a filter means.
 */
export function filteredOrders(
  db: DB,
  cuId: number,
  filter: OrderFilterFields,
): SelectQueryBuilder<Database, 'orders', object> {
  return db.selectFrom('orders').where((eb) => {
    const conditions = filterConditions(eb, cuId, filter);
    if (filter.status && filter.status !== 'all') conditions.push(eb('orders.status', '=', filter.status));
    return eb.and(conditions);
  });
}

/** The number of orders per status tab under every filter but the status: one query. */
export async function countOrders(db: DB, cuId: number, filter: OrderFilterFields): Promise<OrderCounts> {
  const row = await filteredOrders(db, cuId, { ...filter, status: 'all' })
    .select([
      sql<string>`count(*)`.as('all'),
      ...ORDER_STATUSES.map((status) =>
        sql<string>`count(*) filter (where orders.status = ${status})`.as(status),
      ),
    ])
    .executeTakeFirstOrThrow();
  const counts = row as unknown as Record<'all' | OrderStatus, string | number>;
  return {
    all: Number(counts.all),
    pending_approval: Number(counts.pending_approval),
    pending_confirm: Number(counts.pending_confirm),
    not_finished: Number(counts.not_finished),
    finished: Number(counts.finished),
    cancelled: Number(counts.cancelled),
  };
}

/** `created_at`, `-created_at` … → the column and direction; the order id breaks ties the same way. */
export function parseSort(sort: string | undefined): {
  column: 'created_at' | 'order_no' | 'pickup_at' | 'deliver_by' | 'status' | 'updated_at';
  direction: 'asc' | 'desc';
} {
  const value = sort ?? '-created_at';
  const desc = value.startsWith('-');
  const column = (desc ? value.slice(1) : value) as ReturnType<typeof parseSort>['column'];
  return { column, direction: desc ? 'desc' : 'asc' };
}

/**
 * Sorts a select of orders by `sort` (empty dates last either way; statuses in their life order,
 * as the tabs show them), then by id.
 */
export function sortOrders<O>(
  query: SelectQueryBuilder<Database, 'orders', O>,
  sort: string | undefined,
): SelectQueryBuilder<Database, 'orders', O> {
  const { column, direction } = parseSort(sort);
  const nullable = column === 'pickup_at' || column === 'deliver_by';
  if (column === 'status')
    return query
      .orderBy(sql`array_position(array[${sql.join(ORDER_STATUSES)}]::text[], orders.status)`, direction)
      .orderBy('orders.id', direction);
  return query
    .orderBy(`orders.${column}`, (ob) => {
      const ordered = direction === 'desc' ? ob.desc() : ob.asc();
      return nullable ? ordered.nullsLast() : ordered;
    })
    .orderBy('orders.id', direction);
}
