import { call, callFile } from '../../api/transport.ts';
import * as ops from '../../contract/inventory/operations.ts';
import type {
  InventoryList,
  LineDetail,
  StockListQuery,
  StockOutList,
} from '../../contract/inventory/schemas.ts';
import type { StockKind } from './filters.ts';

const LIST_OPS = {
  drugs: ops.stocksListDrugs,
  samples: ops.stocksListSamples,
  materials: ops.stocksList,
} as const;

/** One page of a kind of stock: `stockslist-yp` (drugs), `-yb` (samples), `stockslist` of goods type 3. */
export function fetchStock(
  kind: StockKind,
  query: Omit<StockListQuery, 'goods_type'>,
  signal: AbortSignal,
): Promise<InventoryList> {
  if (kind === 'materials') return call(LIST_OPS.materials, { ...query, goods_type: 3 }, { signal });
  return call(LIST_OPS[kind], query, { signal });
}

/** `GET common/stockout-cus`: one page of the customer's outbound movements, newest first. */
export const fetchStockOuts = (
  query: { start: number; limit: number; currentPage: number; keyword?: string },
  signal: AbortSignal,
): Promise<StockOutList> => call(ops.stockOut, query, { signal });

/** `POST common/inventory-detail_x`: a line and its movements, newest first. */
export const fetchMovements = (inId: number, signal: AbortSignal): Promise<LineDetail> =>
  call(ops.inventoryDetail, { in_id: inId }, { signal, quiet: true });

/** The depots of a kind of stock, for the depot filter (none when the call fails). */
export const fetchDepots = async (kind: StockKind, signal: AbortSignal): Promise<string[]> =>
  call(ops.stockDepots, { goods_type: GOODS_TYPE_OF[kind] }, { signal, quiet: true });

export const GOODS_TYPE_OF = { drugs: 1, samples: 2, materials: 3 } as const;

/** `GET customer-inventory/xls` of the filtered set: the .xlsx itself. */
export const exportStock = (query: StockListQuery): Promise<Blob> => callFile(ops.inventoryExport, query);
