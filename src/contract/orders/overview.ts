import * as v from 'valibot';
import { ATTENTION_EXPIRY_DAYS } from '../inventory/attention.ts';
import { GOODS_TYPES, ORDER_STATUSES } from './domain.ts';
import { ANSWERED_DAYS } from './modification-filter.ts';
import {
  AttachmentStatusSchema,
  Day,
  ExcursionSchema,
  MilestoneSchema,
  OrderCountsSchema,
  OrderStatusSchema,
  OrderTypeSchema,
  TempClassSchema,
} from './schemas.ts';

/**
 * `customer-order/overview`: the home page's control tower, for the session's customer, in one
 * round trip. Every count that opens the order list equals that list's `total` for the filter the
 * comment beside it names (the page links there with the same filter). Days and weeks are China
 * time, as the list's date filters. Lists of entries hold at most `OVERVIEW_ITEMS` each; their
 * `total` counts them all.
 */
export const OVERVIEW_ITEMS = 5;
/** How many weeks `weekly` covers (the current one last). */
export const OVERVIEW_WEEKS = 12;
/** Readings per excursion entry for its small chart (the newest, oldest first). */
export const OVERVIEW_READINGS = 48;
/** Inventory expiring within this many days counts as `expiring` (the stock list's `attention=expiring`). */
export const OVERVIEW_EXPIRY_DAYS = ATTENTION_EXPIRY_DAYS;
/** Answered modification requests count for this many days after the answer (the list's `modification=answered`). */
export const OVERVIEW_ANSWERED_DAYS = ANSWERED_DAYS;

const Stamp = v.string(); // ISO 8601

/** An order an entry points at (masked like the list's rows). */
export const OverviewOrderSchema = v.strictObject({
  id: v.number(),
  order_no: v.string(),
  status: OrderStatusSchema,
  order_type: OrderTypeSchema,
  temp_class: TempClassSchema,
  project_name: v.string(),
  /** The stop side's company and city, masked as in the list. */
  to_company: v.string(),
  to_city: v.string(),
  milestone: MilestoneSchema,
  excursion: ExcursionSchema,
  attachment_status: AttachmentStatusSchema,
  deliver_by: v.nullable(Stamp),
  created_at: Stamp,
});
export type OverviewOrder = v.InferOutput<typeof OverviewOrderSchema>;

const entries = <T extends v.GenericSchema>(item: T) =>
  v.strictObject({ total: v.number(), items: v.array(item) });

export const OverviewModificationSchema = v.strictObject({
  id: v.number(),
  order: OverviewOrderSchema,
  kind: v.picklist(['change', 'cancel']),
  status: v.picklist(['accepted', 'rejected']),
  answer: v.string(),
  answered_at: Stamp,
});

export const OverviewDraftSchema = v.strictObject({
  id: v.number(),
  /** `create`, `edit` or `copy`, as the draft box's. */
  mode: v.string(),
  order_type: v.nullable(v.string()),
  temp_class: v.nullable(v.string()),
  project_name: v.string(),
  to_company: v.string(),
  goods_count: v.number(),
  saved_at: Stamp,
});

export const OverviewExcursionSchema = v.strictObject({
  order: OverviewOrderSchema,
  /** The class's limits in °C (`null`: no bound on that side). */
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
  /** The newest `OVERVIEW_READINGS` readings, oldest first. */
  readings: v.array(v.strictObject({ at: Stamp, celsius: v.number() })),
});

export const OverviewStockSchema = v.strictObject({
  in_id: v.number(),
  /** Which inventory page lists the line: 1 drugs, 2 samples (tabs of one page), 3 materials. */
  goods_type: v.picklist(GOODS_TYPES),
  code: v.string(),
  name: v.string(),
  batch_no: v.string(),
  unit: v.string(),
  /** quantity − reserved */
  available: v.number(),
  /** The line's reorder level (`null`: none set). */
  low_level: v.nullable(v.number()),
  expiry: v.nullable(Day),
  depot: v.string(),
});

/**
 * Stock lines needing a look (`attention` of the stock lists, src/contract/inventory/attention.ts):
 * `total` equals the stock list's total with that `attention` over every goods type, and
 * `by_goods_type` the total of each goods type that has any (in goods type order), which is what
 * that type's page shows (`common/stockslist?goods_type=<type>&attention=…`).
 */
const stockEntries = v.strictObject({
  total: v.number(),
  by_goods_type: v.array(v.strictObject({ goods_type: v.picklist(GOODS_TYPES), total: v.number() })),
  items: v.array(OverviewStockSchema),
});

const ByStatus = v.strictObject(
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, v.number()])) as Record<
    (typeof ORDER_STATUSES)[number],
    v.NumberSchema<undefined>
  >,
);

export const OverviewSchema = v.strictObject({
  /** When the server counted (ISO); the page shows "as of". */
  as_of: Stamp,
  /** Today in China time (`yyyy-mm-dd`): the day "due today" ends with. */
  today: Day,
  /** Per status tab: the list's `counts` with no filter. */
  counts: OrderCountsSchema,
  actions: v.strictObject({
    /** Whether this user approves this customer's orders. */
    can_approve: v.boolean(),
    /** `pending_approval` orders, oldest first; list `?status=pending_approval`. Items empty when `can_approve` is false (the total still counts). */
    approvals: entries(OverviewOrderSchema),
    /**
     * Orders not cancelled whose documents are `missing` / `rejected`, the newest first; each count
     * equals what its link shows (the documents page `/customer-order/attachment` for that state).
     */
    documents: v.strictObject({
      missing: v.number(),
      rejected: v.number(),
      items: v.array(OverviewOrderSchema),
    }),
    /**
     * Orders with a modification request answered in the last `OVERVIEW_ANSWERED_DAYS` days; list
     * `?modification=answered`. Items: each such order's newest answer, the newest first.
     */
    modifications: entries(OverviewModificationSchema),
    /** This user's drafts in this customer, last saved first (the draft box's total). */
    drafts: entries(OverviewDraftSchema),
  }),
  cold_chain: v.strictObject({
    /** `not_finished` orders per excursion level; list `?status=not_finished&excursion=<level>`. */
    excursions: v.strictObject({ low: v.number(), medium: v.number(), high: v.number() }),
    /** The worst first (high, medium, low), then the newest. */
    excursion_items: v.array(OverviewExcursionSchema),
    /** `not_finished`, not delivered, `deliver_by` later today (still on time); list `?status=not_finished&due=today`. */
    due_today: entries(OverviewOrderSchema),
    /** `not_finished`, not delivered, `deliver_by` before now; list `?status=not_finished&due=late`. */
    late: entries(OverviewOrderSchema),
    /**
     * Temperature-excursion cases (src/contract/excursions): `active` open or under assessment (the
     * case list's `?state=active` total), `over_budget` those of them whose goods went over a
     * stability budget (its `counts.over_budget`).
     */
    cases: v.strictObject({ active: v.number(), over_budget: v.number() }),
  }),
  /** `OVERVIEW_WEEKS` weeks (Monday first), the current last: orders created that week by their status now. */
  weekly: v.array(v.strictObject({ week: Day, counts: ByStatus })),
  inventory: v.strictObject({
    /** Lines with a reorder level and `available` at or below it, lowest first (`attention=low`). */
    low: stockEntries,
    /** Lines with stock left expiring within `OVERVIEW_EXPIRY_DAYS` days (or expired), soonest first (`attention=expiring`). */
    expiring: stockEntries,
  }),
});
export type Overview = v.InferOutput<typeof OverviewSchema>;
