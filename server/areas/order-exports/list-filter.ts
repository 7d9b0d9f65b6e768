import { type RawBuilder, sql } from 'kysely';
import type * as v from 'valibot';
import type { OrderListQuery } from '../../../src/contract/orders/schemas.ts';

/**
 * The order list's filter as SQL over `orders o`, for the exports: an export must hold exactly the
 * orders the list shows for the same filter (every filter and the status tab; paging aside).
 *
 * This is the one place the exports read the list's meaning; when the list's own query builder
 * (server/areas/orders/list-query.ts) is there, this function becomes a call of it.
 */
export type ListFilter = Omit<v.InferOutput<typeof OrderListQuery>, 'start' | 'limit' | 'currentPage'>;

/** What an export keeps of the list's query (paging is the export's own business). */
export function listFilterOf(query: v.InferOutput<typeof OrderListQuery>): ListFilter {
  const { start: _start, limit: _limit, currentPage: _page, ...filter } = query;
  return filter;
}

/** `like` with the keyword's own `%`, `_` and `\` taken literally. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The conditions of the filter for customer `cuId` (China days for the date range). */
export function listWhere(cuId: number, filter: ListFilter): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`o.cu_id = ${cuId}`];
  if (filter.status !== 'all') parts.push(sql`o.status = ${filter.status}`);
  const keyword = filter.keyword.trim().toLowerCase();
  if (keyword) parts.push(sql`o.search_text like ${`%${likeEscape(keyword)}%`}`);
  if (filter.pr_id !== undefined) parts.push(sql`o.pr_id = ${filter.pr_id}`);
  if (filter.order_type) parts.push(sql`o.order_type = ${filter.order_type}`);
  if (filter.temp_class) parts.push(sql`o.temp_class = ${filter.temp_class}`);
  if (filter.excursion === 'any') parts.push(sql`o.excursion <> 'none'`);
  else if (filter.excursion) parts.push(sql`o.excursion = ${filter.excursion}`);
  if (filter.attachment_status) parts.push(sql`o.attachment_status = ${filter.attachment_status}`);
  if (filter.date_from)
    parts.push(sql`o.created_at >= (${filter.date_from}::date)::timestamp at time zone 'Asia/Shanghai'`);
  if (filter.date_to)
    parts.push(sql`o.created_at < ((${filter.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The sort column and direction of the list's `sort` (`-created_at` → created_at, descending). */
export function sortOf(filter: ListFilter): { column: SortColumn; descending: boolean } {
  const descending = filter.sort.startsWith('-');
  return { column: filter.sort.replace(/^-/, '') as SortColumn, descending };
}

export type SortColumn = 'created_at' | 'order_no' | 'pickup_at' | 'deliver_by' | 'status' | 'updated_at';
