import type { OrderList, OrderListRow } from '../../contract/orders/schemas.ts';
import { createListStore, type ListStore } from '../../stores/list/index.ts';
import { fetchOrders } from './api.ts';
import { type AddressState, hasFilters, listQuery, NO_FILTERS, type OrderFilters } from './filters.ts';

export type OrderListStore = ListStore<OrderListRow, OrderFilters, OrderList>;

/** The list of one `<lp-order-list>`, starting from the list its address names (a link, a reload). */
export function createOrderListStore(start: AddressState): OrderListStore {
  const store = createListStore<OrderListRow, OrderFilters, OrderList>({
    fetch: (params, signal) => fetchOrders(listQuery(params), signal),
    filters: NO_FILTERS,
    pageSize: start.pageSize,
    sort: start.sort,
    rowId: (row) => String(row.id),
  });
  if (start.filters.status !== 'all' || hasFilters(start.filters)) store.setFilters(start.filters);
  if (start.page > 1) store.setPage(start.page);
  return store;
}
