import type * as v from 'valibot';
import type { OrderListQuery } from '../../../src/contract/orders/schemas.ts';

/**
 * The order list's query as an export keeps it: every filter, the status tab and the sort; paging is
 * the export's own business. What the filter means is the list's own query builder's
 * (server/areas/orders/list-query.ts `filteredOrders`, `sortOrders`), so an export holds exactly
 * the orders the list shows, in its order.
 */
export type ListFilter = Omit<v.InferOutput<typeof OrderListQuery>, 'start' | 'limit' | 'currentPage'>;

export function listFilterOf(query: v.InferOutput<typeof OrderListQuery>): ListFilter {
  const { start: _start, limit: _limit, currentPage: _page, ...filter } = query;
  return filter;
}
