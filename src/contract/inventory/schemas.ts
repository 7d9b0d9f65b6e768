import * as v from 'valibot';
import { distinct, Id, IntIn, TrimmedText } from '../fields.ts';
import { msg } from '../messages.ts';
import { Quantity } from '../goods/quantity.ts';
import { GOODS_TYPES, TEMP_CLASSES } from '../orders/domain.ts';
import { HOLDS } from '../excursions/domain.ts';
import { STOCK_ATTENTIONS } from './attention.ts';

/**
 * The customer's goods in the provider's depots: one line per item, batch and depot. `quantity`
 * is on hand, `reserved` held by open orders, `available` = quantity − reserved. Quantities are
 * numbers (the database keeps three decimals).
 */

const pick = <const T extends readonly (string | number)[]>(values: T) =>
  v.picklist(values, msg('oneOf', { values: values.join(', ') }));

export const KEYWORD_MAX = 100;
const Keyword = v.optional(TrimmedText(KEYWORD_MAX), '');
const Stamp = v.string(); // ISO 8601
const Day = v.pipe(v.string(msg('string')), v.regex(/^\d{4}-\d{2}-\d{2}$/, msg('date')));
const paging = {
  start: v.optional(IntIn(0, 10_000_000), 0),
  limit: v.optional(IntIn(1, 100), 10),
  currentPage: v.optional(IntIn(1, 1_000_000)),
};

export const GoodsTypeSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d$/), v.transform(Number))], msg('integer')),
  pick(GOODS_TYPES),
);
export const TempClassSchema = pick(TEMP_CLASSES);

export const InventoryLineSchema = v.strictObject({
  in_id: v.number(),
  pr_id: v.nullable(v.number()),
  protocol_no: v.string(),
  project_name: v.string(),
  goods_type: v.picklist(GOODS_TYPES),
  code: v.string(),
  name: v.string(),
  spec: v.string(),
  unit: v.string(),
  batch_no: v.string(),
  /** `yyyy-mm-dd`, or null for goods without one. */
  expiry: v.nullable(v.string()),
  quantity: v.number(),
  reserved: v.number(),
  available: v.number(),
  /** The reorder level set by the provider (`provider/reorder-levels`); null: none. At or under it the line is running low. */
  low_level: v.nullable(v.number()),
  depot: v.string(),
  temp_class: v.picklist(TEMP_CLASSES),
  recoverable: v.boolean(),
  pinyin: v.string(),
  /** On hold until the excursion case of its goods is decided, or quarantined by one (it cannot be ordered). */
  hold: v.picklist(HOLDS),
  /** The newest excursion case of the line's goods (null: none). */
  case_id: v.nullable(v.number()),
});
export type InventoryLine = v.InferOutput<typeof InventoryLineSchema>;
export const InventoryList = v.strictObject({ list: v.array(InventoryLineSchema), total: v.number() });
export type InventoryList = v.InferOutput<typeof InventoryList>;

/**
 * `GET common/stockslist` (and `-yp` drugs, `-yb` samples, which fix `goods_type`): by keyword
 * (name, code, batch or pinyin), project, temperature class, depot; `expiring_days` keeps lines
 * expiring within that many days, `expiry_state` expired, soon expiring or valid lines; `in_stock`
 * keeps lines with something available; `attention` the lines the home page's overview counts as
 * running low or expiring (src/contract/inventory/attention.ts). Sorted by `sort`, else by name,
 * then expiry (first expiring first).
 */
/** Days within which a line counts as soon expiring (`expiry_state=soon`). */
export const SOON_EXPIRING_DAYS = 30;
export const EXPIRY_STATES = ['expired', 'soon', 'valid'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];
/** The fields a stock list sorts by (`field` ascending, `-field` descending). */
export const STOCK_SORT_KEYS = [
  'name',
  'batch_no',
  'expiry',
  'quantity',
  'reserved',
  'available',
  'depot',
] as const;
export type StockSortKey = (typeof STOCK_SORT_KEYS)[number];
const StockSort = pick(STOCK_SORT_KEYS.flatMap((key) => [key, `-${key}`]) as readonly string[]);

const stockFilters = {
  ...paging,
  keyword: Keyword,
  pr_id: v.optional(Id),
  temp_class: v.optional(TempClassSchema),
  depot: v.optional(TrimmedText(64)),
  expiring_days: v.optional(IntIn(0, 3650)),
  /** expired: before today; soon: today to SOON_EXPIRING_DAYS ahead; valid: later or none. */
  expiry_state: v.optional(pick(EXPIRY_STATES)),
  in_stock: v.optional(pick(['0', '1'] as const)),
  /** The overview's `low` or `expiring` lines (exactly those it counts). */
  attention: v.optional(pick(STOCK_ATTENTIONS)),
  /** Default: name, then the first expiring first. */
  sort: v.optional(StockSort),
};
export const StockListQuery = v.strictObject({ ...stockFilters, goods_type: v.optional(GoodsTypeSchema) });
export type StockListQuery = v.InferInput<typeof StockListQuery>;
export const TypedStockListQuery = v.strictObject(stockFilters);

/** One movement of a line: + in, − out; `order_no` when an order caused it. */
export const MovementSchema = v.strictObject({
  id: v.number(),
  at: Stamp,
  kind: v.picklist(['inbound', 'reserve', 'release', 'outbound', 'return', 'adjust', 'write_off']),
  delta: v.number(),
  order_id: v.nullable(v.number()),
  order_no: v.nullable(v.string()),
  note: v.string(),
});
export type Movement = v.InferOutput<typeof MovementSchema>;

/** `POST common/inventory-detail_x`: a line and its movements, newest first (at most 500). */
export const LineRequest = v.strictObject({ in_id: Id });
export const LineDetailSchema = v.strictObject({
  line: InventoryLineSchema,
  movements: v.array(MovementSchema),
});
export type LineDetail = v.InferOutput<typeof LineDetailSchema>;

/** `GET common/stockout-cus`: the customer's outbound movements (goods that left a depot). */
export const StockOutQuery = v.strictObject({
  ...paging,
  keyword: Keyword,
  pr_id: v.optional(Id),
  date_from: v.optional(Day),
  date_to: v.optional(Day),
});
export const StockOutRowSchema = v.strictObject({
  id: v.number(),
  at: Stamp,
  in_id: v.number(),
  goods_type: v.picklist(GOODS_TYPES),
  code: v.string(),
  name: v.string(),
  batch_no: v.string(),
  unit: v.string(),
  /** Positive: how much left. */
  quantity: v.number(),
  order_id: v.nullable(v.number()),
  order_no: v.nullable(v.string()),
  depot: v.string(),
});
export const StockOutList = v.strictObject({ list: v.array(StockOutRowSchema), total: v.number() });
export type StockOutList = v.InferOutput<typeof StockOutList>;

/** `GET common/search-drug`: lines with something available, for an order's goods picker (at most 20). */
export const SearchDrugQuery = v.strictObject({
  keyword: Keyword,
  pr_id: v.optional(Id),
  goods_type: v.optional(GoodsTypeSchema),
  temp_class: v.optional(TempClassSchema),
});
export const InventoryLineArray = v.array(InventoryLineSchema);

/** `GET common/cus-goods-size`: the customer's goods catalogue, one entry per code, spec and unit. */
export const GoodsSizeQuery = v.strictObject({
  goods_type: v.optional(GoodsTypeSchema),
  pr_id: v.optional(Id),
});
export const GoodsSizeSchema = v.strictObject({
  goods_type: v.picklist(GOODS_TYPES),
  code: v.string(),
  name: v.string(),
  spec: v.string(),
  unit: v.string(),
  temp_class: v.picklist(TEMP_CLASSES),
  /** Available over all lines of this entry. */
  available: v.number(),
});
export const GoodsSizeList = v.array(GoodsSizeSchema);

/** `POST common/get-series-number`: the batches of a goods code with something available, first expiring first. */
export const SeriesRequest = v.strictObject({
  code: v.pipe(TrimmedText(64), v.nonEmpty(msg('required'))),
  pr_id: v.optional(Id),
});
export const SeriesSchema = v.strictObject({
  in_id: v.number(),
  batch_no: v.string(),
  expiry: v.nullable(v.string()),
  available: v.number(),
  unit: v.string(),
  depot: v.string(),
});
export const SeriesList = v.array(SeriesSchema);

export const LINES_MAX = 100;
const GoodsLines = v.pipe(
  v.array(v.strictObject({ in_id: Id, quantity: Quantity }), msg('list')),
  v.minLength(1, msg('minItems', { min: 1 })),
  v.maxLength(LINES_MAX, msg('maxItems', { max: LINES_MAX })),
  v.check((lines) => distinct(lines.map((l) => l.in_id)), msg('repeated')),
);

/** `POST common/auto-box`: boxes for goods lines at a temperature class (docs/api.md, "Packing"). */
export const AutoBoxRequest = v.strictObject({ temp_class: TempClassSchema, lines: GoodsLines });
export const SuggestedBoxSchema = v.strictObject({
  box_type: v.string(),
  /** Inner volume in litres. */
  capacity_l: v.number(),
  /** Goods volume placed in this box, litres. */
  filled_l: v.number(),
  /** Empty weight with its coolant, kg. */
  weight_kg: v.number(),
  coolant: v.string(),
  /** Which goods type the box carries (samples never share a box with drugs or materials). */
  goods_type: v.picklist(GOODS_TYPES),
  in_ids: v.array(v.number()),
});
export const AutoBoxSchema = v.strictObject({
  boxes: v.array(SuggestedBoxSchema),
  total_volume_l: v.number(),
  total_weight_kg: v.number(),
});
export type AutoBox = v.InferOutput<typeof AutoBoxSchema>;

/** `POST common/order-check-type`: whether a project takes an order of this kind, and what it refuses. */
export const OrderCheckTypeRequest = v.strictObject({
  pr_id: Id,
  order_type: pick(['supply', 'sample', 'dtp', 'return', 'destroy', 'custom'] as const),
  goods_type: GoodsTypeSchema,
  temp_class: TempClassSchema,
  is_dtp: v.optional(pick([0, 1, 3] as const), 0),
});
export const OrderCheckTypeSchema = v.strictObject({
  allowed: v.boolean(),
  /** The fields the project refuses (`order_type`, `goods_type`, `temp_class`, `is_dtp`). */
  refused: v.array(v.picklist(['order_type', 'goods_type', 'temp_class', 'is_dtp'])),
  required_attachments: v.array(v.string()),
});
export type OrderCheckType = v.InferOutput<typeof OrderCheckTypeSchema>;

/** `POST common/is-recover-drug`: whether lines may go back to the depot (a return order). */
export const RecoverRequest = v.strictObject({
  in_ids: v.pipe(
    v.array(Id, msg('list')),
    v.minLength(1, msg('minItems', { min: 1 })),
    v.maxLength(LINES_MAX, msg('maxItems', { max: LINES_MAX })),
  ),
});
export const RecoverSchema = v.array(v.strictObject({ in_id: v.number(), recoverable: v.boolean() }));

/** `GET common/stock-depots`: the depots the customer has stock in, for the depot filter. */
export const DepotsQuery = v.strictObject({ goods_type: v.optional(GoodsTypeSchema) });
export const DepotList = v.array(v.string());

/** At most this many lines go into one inventory export (answered as the file itself). */
export const INVENTORY_EXPORT_MAX = 5000;

/** At most this many lines per `provider/reorder-levels` call. */
export const REORDER_LEVELS_MAX = 500;
/** The largest reorder level the column holds (`numeric(14, 3)`). */
export const REORDER_LEVEL_MAX = 99_999_999_999;

/**
 * `provider/reorder-levels`: the provider's systems set (or clear, `null`) the reorder level of
 * stock lines, in each line's unit. A line at or under its level is running low (the home page's
 * overview and `attention=low`). Each line at most once per call.
 */
export const ReorderLevelsRequest = v.strictObject({
  levels: v.pipe(
    v.array(
      v.strictObject({
        in_id: Id,
        low_level: v.nullable(
          v.pipe(
            v.number(msg('number')),
            v.finite(msg('number')),
            v.minValue(0, msg('min', { min: 0 })),
            v.maxValue(REORDER_LEVEL_MAX, msg('max', { max: REORDER_LEVEL_MAX })),
          ),
        ),
      }),
      msg('list'),
    ),
    v.minLength(1, msg('minItems', { min: 1 })),
    v.maxLength(REORDER_LEVELS_MAX, msg('maxItems', { max: REORDER_LEVELS_MAX })),
    v.check((levels) => distinct(levels.map((l) => l.in_id)), msg('repeated')),
  ),
});
export type ReorderLevelsRequest = v.InferInput<typeof ReorderLevelsRequest>;
export const ReorderLevelsAnswer = v.strictObject({ updated: v.number() });
export type ReorderLevelsAnswer = v.InferOutput<typeof ReorderLevelsAnswer>;
