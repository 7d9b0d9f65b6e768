import type { InventoryLine, InventoryList, StockOutList } from '../../contract/inventory/schemas.ts';
import { createListStore, type ListStore, pageQuery } from '../../stores/list/index.ts';
import { fetchStock, fetchStockOuts } from './api.ts';
import { listQuery, NO_FILTERS, type StockFilters, type StockKind } from './filters.ts';

export type StockListStore = ListStore<InventoryLine, StockFilters, InventoryList>;
export type StockOutRow = StockOutList['list'][number];
export type StockOutListStore = ListStore<StockOutRow, { keyword: string }, StockOutList>;

/**
 * A server-paged, sorted and filtered list of one kind of stock (drugs, samples or materials),
 * with `first` filters set (a link's `attention`): a reset or a customer switch still clears them.
 */
export function createStockListStore(
  kind: StockKind,
  pageSize = 10,
  first: Partial<StockFilters> = {},
): StockListStore {
  const list = createListStore<InventoryLine, StockFilters, InventoryList>({
    fetch: (params, signal) => fetchStock(kind, listQuery(params), signal),
    filters: NO_FILTERS,
    pageSize,
    rowId: (row) => String(row.in_id),
  });
  // before anything reads the list, so its first request has them
  if (Object.keys(first).length > 0) list.setFilters(first);
  return list;
}

/** The customer's stock-outs (outbound movements), newest first, with a keyword. */
export function createStockOutListStore(pageSize = 10): StockOutListStore {
  return createListStore<StockOutRow, { keyword: string }, StockOutList>({
    fetch: (params, signal) => {
      const { start, limit, currentPage } = pageQuery(params);
      const keyword = params.filters.keyword.trim();
      return fetchStockOuts({ start, limit, currentPage, ...(keyword ? { keyword } : {}) }, signal);
    },
    filters: { keyword: '' },
    pageSize,
    rowId: (row) => String(row.id),
  });
}
