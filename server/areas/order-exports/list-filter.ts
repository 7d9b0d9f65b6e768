import type * as v from 'valibot';
import type { OrderExportQuery } from '../../../src/contract/order-exports/schemas.ts';

/**
 * The order list's query as an export keeps it: every filter, the status tab and the sort; paging is
 * the export's own business. What the filter means is the list's own query builder's
 * (server/areas/orders/list-query.ts `filteredOrders`, `sortOrders`), so an export holds exactly
 * the orders the list shows, in its order.
 */
export type ListFilter = Omit<v.InferOutput<typeof OrderExportQuery>, 'start' | 'limit' | 'currentPage'>;

export function listFilterOf(query: v.InferOutput<typeof OrderExportQuery>): ListFilter {
  const { start: _start, limit: _limit, currentPage: _page, ...filter } = query;
  // the selected orders, whatever the filters say: only the sort still counts
  if (filter.ids) return { ids: filter.ids, status: 'all', keyword: '', sort: filter.sort };
  return filter;
}
