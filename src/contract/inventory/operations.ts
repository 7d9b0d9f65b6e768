import * as v from 'valibot';
import { Code } from '../codes.ts';
import { operation, READS } from '../operation.ts';
import { MissingIds } from '../refusals.ts';
import {
  AutoBoxRequest,
  DepotList,
  DepotsQuery,
  AutoBoxSchema,
  GoodsSizeList,
  GoodsSizeQuery,
  InventoryLineArray,
  InventoryList,
  LineDetailSchema,
  LineRequest,
  OrderCheckTypeRequest,
  OrderCheckTypeSchema,
  RecoverRequest,
  RecoverSchema,
  ReorderLevelsAnswer,
  ReorderLevelsRequest,
  SearchDrugQuery,
  SeriesList,
  SeriesRequest,
  StockListQuery,
  StockOutList,
  StockOutQuery,
  TypedStockListQuery,
} from './schemas.ts';

/**
 * The inventory reads (docs/api.md, "Master data and inventory"): the customer's stock, its
 * movements, the goods pickers of the order form and the packing suggestion. The session's
 * customer's lines only; another customer's line or project answers 404.
 */
const area = 'inventory';
const session = 'session' as const;
const notFound = [Code.notFound] as const;

export const stocksList = operation({
  area,
  method: 'GET',
  path: 'common/stockslist',
  summary: 'The customer’s stock, every goods type, a page at a time with filters',
  auth: session,
  input: StockListQuery,
  output: InventoryList,
  codes: notFound,
});

export const stocksListDrugs = operation({
  area,
  method: 'GET',
  path: 'common/stockslist-yp',
  summary: 'The customer’s stock of drugs (goods type 1)',
  auth: session,
  input: TypedStockListQuery,
  output: InventoryList,
  codes: notFound,
});

export const stocksListSamples = operation({
  area,
  method: 'GET',
  path: 'common/stockslist-yb',
  summary: 'The customer’s stock of samples (goods type 2)',
  auth: session,
  input: TypedStockListQuery,
  output: InventoryList,
  codes: notFound,
});

export const stockOut = operation({
  area,
  method: 'GET',
  path: 'common/stockout-cus',
  summary: 'The customer’s outbound movements (goods that left a depot), newest first',
  auth: session,
  input: StockOutQuery,
  output: StockOutList,
  codes: notFound,
});

export const inventoryDetail = operation({
  area,
  method: 'POST',
  path: 'common/inventory-detail_x',
  summary: 'One stock line and its movements, newest first',
  auth: session,
  audit: READS,
  input: LineRequest,
  output: LineDetailSchema,
  codes: notFound,
});

export const searchDrug = operation({
  area,
  method: 'GET',
  path: 'common/search-drug',
  summary: 'Stock lines with something available, for an order’s goods picker (at most 20)',
  auth: session,
  input: SearchDrugQuery,
  output: InventoryLineArray,
  codes: notFound,
});

export const goodsSize = operation({
  area,
  method: 'GET',
  path: 'common/cus-goods-size',
  summary: 'The customer’s goods catalogue: one entry per code, spec and unit, with what is available',
  auth: session,
  input: GoodsSizeQuery,
  output: GoodsSizeList,
  codes: notFound,
});

export const seriesNumber = operation({
  area,
  method: 'POST',
  path: 'common/get-series-number',
  summary: 'The batches of a goods code with something available, first expiring first',
  auth: session,
  audit: READS,
  input: SeriesRequest,
  output: SeriesList,
  codes: notFound,
});

export const autoBox = operation({
  area,
  method: 'POST',
  path: 'common/auto-box',
  summary: 'The boxes suggested for goods lines at a temperature class',
  auth: session,
  audit: READS,
  input: AutoBoxRequest,
  output: AutoBoxSchema,
  codes: notFound,
});

export const orderCheckType = operation({
  area,
  method: 'POST',
  path: 'common/order-check-type',
  summary: 'Whether a project takes an order of this type, goods type, temperature class and DTP kind',
  auth: session,
  audit: READS,
  input: OrderCheckTypeRequest,
  output: OrderCheckTypeSchema,
  codes: notFound,
});

export const isRecoverDrug = operation({
  area,
  method: 'POST',
  path: 'common/is-recover-drug',
  summary: 'Whether stock lines may be returned to the depot',
  auth: session,
  audit: READS,
  input: RecoverRequest,
  output: RecoverSchema,
  codes: notFound,
});

/** The media type of the inventory export. */
export const INVENTORY_XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const stockDepots = operation({
  area,
  method: 'GET',
  path: 'common/stock-depots',
  summary: 'The depots the customer has stock in (of a goods type), for the depot filter',
  auth: session,
  input: DepotsQuery,
  output: DepotList,
});

export const inventoryExport = operation({
  area,
  method: 'GET',
  path: 'customer-inventory/xls',
  summary:
    'The filtered stock list as .xlsx, the file itself (at most 5,000 lines: a larger set asks for a narrower filter)',
  auth: session,
  input: StockListQuery,
  output: v.string(),
  media: INVENTORY_XLSX_TYPE,
  codes: [Code.notFound, Code.invalid],
  // each export reads and writes up to 5,000 lines: a user gets 30 a minute
  rateLimits: [{ by: 'user', limit: 30, windowMs: 60_000 }],
});

/**
 * The provider's systems set the reorder levels of stock lines (server to server, signed like
 * `integration/*`). Lines are named by `in_id`, of any customer; a line that does not exist answers
 * 404 and changes nothing.
 */
export const reorderLevels = operation({
  area,
  method: 'POST',
  path: 'provider/reorder-levels',
  summary: "Set or clear stock lines' reorder levels (a line at or under its level is running low)",
  auth: 'signed',
  audit: { records: ['inventory'] },
  input: ReorderLevelsRequest,
  output: ReorderLevelsAnswer,
  codes: notFound,
  refusals: { [Code.notFound]: v.nullable(MissingIds) },
});
