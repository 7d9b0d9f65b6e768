import * as v from 'valibot';
import { SignatureInput, SignatureSchema } from '../signatures/schemas.ts';
import { AskedFieldSchema, ChangesInput } from './change-request.ts';
import { Day, Id, IntIn, OptionalText, TrimmedText } from '../fields.ts';
import { msg } from '../messages.ts';
import {
  ATTACHMENT_KINDS,
  ATTACHMENT_STATES,
  ATTACHMENT_STATUSES,
  EXCURSION_LEVELS,
  MILESTONES,
  ORDER_STATUSES,
  ORDER_TYPES,
  TEMP_CLASSES,
} from './domain.ts';
import { MODIFICATION_FILTERS } from './modification-filter.ts';
import { AT_RISK_REASONS, TRACKING_KINDS } from './where-now.ts';
import { KEYWORD_MAX, LIST_LIMIT_MAX, ORDER_SORTS, PRINT_MAX, REASON_MAX, REMARK_MAX } from './limits.ts';

export { KEYWORD_MAX, LIST_LIMIT_MAX, ORDER_SORTS, REASON_MAX, REMARK_MAX };

const pick = <const T extends readonly (string | number)[]>(values: T) =>
  v.picklist(values, msg('oneOf', { values: values.join(', ') }));

export const OrderStatusSchema = pick(ORDER_STATUSES);
export const OrderTypeSchema = pick(ORDER_TYPES);
export const TempClassSchema = pick(TEMP_CLASSES);
export const ExcursionSchema = pick(EXCURSION_LEVELS);
export const MilestoneSchema = pick(MILESTONES);
export const AttachmentKindSchema = pick(ATTACHMENT_KINDS);
export const AttachmentStateSchema = pick(ATTACHMENT_STATES);
export const AttachmentStatusSchema = pick(ATTACHMENT_STATUSES);

export { Day };

const SORT_VALUES = ORDER_SORTS.flatMap((key) => [key, `-${key}`] as const);
export const OrderSort = pick(SORT_VALUES);

/**
 * `customer-order/index` (GET query or POST body): paging as the spec's (`start`, `limit`,
 * `currentPage`; first page 0, 10, 1), a status tab, a keyword and filters. `counts` follow every
 * filter but the status.
 */
export const OrderListQuery = v.strictObject({
  start: v.optional(IntIn(0, 10_000_000), 0),
  limit: v.optional(IntIn(1, LIST_LIMIT_MAX), 10),
  currentPage: v.optional(IntIn(1, 1_000_000)),
  status: v.optional(pick(['all', ...ORDER_STATUSES] as const), 'all'),
  keyword: v.optional(TrimmedText(KEYWORD_MAX), ''),
  pr_id: v.optional(Id),
  order_type: v.optional(OrderTypeSchema),
  temp_class: v.optional(TempClassSchema),
  excursion: v.optional(pick(['any', ...EXCURSION_LEVELS] as const)),
  attachment_status: v.optional(AttachmentStatusSchema),
  date_from: v.optional(Day),
  date_to: v.optional(Day),
  /** Delivery, not yet delivered: `today` (`deliver_by` from now to the end of today, China time) or `late` (before now). */
  due: v.optional(pick(['today', 'late'] as const)),
  /** `answered`: orders with a modification request answered in the last 14 days (src/contract/orders/modification-filter.ts). */
  modification: v.optional(pick(MODIFICATION_FILTERS)),
  sort: v.optional(OrderSort, '-created_at'),
});
export type OrderListQuery = v.InferInput<typeof OrderListQuery>;

const Stamp = v.string(); // ISO 8601
const MaybeStamp = v.nullable(v.string());

/** One row of the order list (masked by the server). */
export const OrderRowSchema = v.strictObject({
  id: v.number(),
  order_no: v.string(),
  status: OrderStatusSchema,
  order_type: OrderTypeSchema,
  is_dtp: v.number(),
  to_goodstype: v.number(),
  temp_class: TempClassSchema,
  pr_id: v.nullable(v.number()),
  project_name: v.string(),
  protocol_no: v.string(),
  from_company: v.string(),
  from_contact: v.string(),
  from_city: v.string(),
  to_company: v.string(),
  to_contact: v.string(),
  to_city: v.string(),
  site_name: v.string(),
  pickup_at: MaybeStamp,
  deliver_by: MaybeStamp,
  milestone: MilestoneSchema,
  excursion: ExcursionSchema,
  attachment_status: AttachmentStatusSchema,
  created_at: Stamp,
  updated_at: Stamp,
  version: v.number(),
});
export type OrderRow = v.InferOutput<typeof OrderRowSchema>;

/**
 * A row of the order list: the order with where it is now (src/contract/orders/where-now.ts).
 * `last_event`: the newest tracking event (a milestone or the signature), or null; `where`: the
 * place the newest tracking event that names one names (a place name, never coordinates; the
 * masked side's city where the log withholds it), '' when none does; `eta`: the estimated
 * arrival, null once delivered or cancelled or without a deliver-by time; `at_risk`: `late` (since
 * the deliver-by time) or `silent` (since the last news), or null.
 */
export const OrderListRowSchema = v.strictObject({
  ...OrderRowSchema.entries,
  last_event: v.nullable(v.strictObject({ kind: v.picklist(TRACKING_KINDS), at: Stamp })),
  where: v.string(),
  eta: MaybeStamp,
  at_risk: v.nullable(v.strictObject({ reason: v.picklist(AT_RISK_REASONS), since: Stamp })),
});
export type OrderListRow = v.InferOutput<typeof OrderListRowSchema>;

export const OrderCountsSchema = v.strictObject({
  all: v.number(),
  pending_approval: v.number(),
  pending_confirm: v.number(),
  not_finished: v.number(),
  finished: v.number(),
  cancelled: v.number(),
});
export type OrderCounts = v.InferOutput<typeof OrderCountsSchema>;

/**
 * A page of the list. `counts_capped: true` (absent otherwise): more orders matched than the
 * server counts (10,000 by default), so `counts` are lower bounds ("10,000+"): `all` is the cap and
 * each status holds what it had among the orders counted; `total` is then at least the tab's
 * count, and later pages are still served.
 */
export const OrderListSchema = v.strictObject({
  list: v.array(OrderListRowSchema),
  total: v.number(),
  counts: OrderCountsSchema,
  counts_capped: v.optional(v.literal(true)),
});
export type OrderList = v.InferOutput<typeof OrderListSchema>;

export const OrderIdQuery = v.strictObject({ id: Id });

/**
 * `customer-order/owner`: which of the user's customer accounts holds an order (a colleague's
 * link to an order of another account): so the portal offers the switch instead of a bare 404.
 */
export const OrderOwnerSchema = v.strictObject({
  order_no: v.string(),
  identifier: v.string(),
  cu_name: v.string(),
  co_name: v.string(),
  /** True when it is the account the session is on (then the order view itself opens it). */
  current: v.boolean(),
});
export type OrderIdQuery = v.InferInput<typeof OrderIdQuery>;

export const GoodsLineSchema = v.strictObject({
  id: v.number(),
  in_id: v.nullable(v.number()),
  goods_type: v.number(),
  code: v.string(),
  name: v.string(),
  spec: v.string(),
  batch_no: v.string(),
  expiry: v.nullable(v.string()),
  quantity: v.number(),
  unit: v.string(),
});
export type GoodsLine = v.InferOutput<typeof GoodsLineSchema>;

export const BoxSchema = v.strictObject({
  id: v.number(),
  box_type: v.string(),
  logger_id: v.string(),
  weight_kg: v.number(),
});
export type Box = v.InferOutput<typeof BoxSchema>;

export const OrderEventSchema = v.strictObject({
  id: v.number(),
  at: Stamp,
  kind: v.string(),
  status_from: v.nullable(v.string()),
  status_to: v.nullable(v.string()),
  actor_kind: v.picklist(['customer', 'provider', 'system']),
  actor_name: v.string(),
  reason: v.string(),
  location: v.string(),
  /** The other time a carrier or supplier proposed (`pickup_proposed`, `delivery_proposed`). */
  proposed_at: v.optional(v.string()),
  /**
   * What the act changed or asked to change, old → new, from the audit trail (an edit, a
   * modification request: `requested.<field>`), as people read them: names for a project, site or
   * region, masked fields masked, times as ISO 8601, goods as `{name, batch_no, quantity, unit}`.
   */
  changes: v.optional(v.array(v.strictObject({ field: v.string(), old: v.unknown(), new: v.unknown() }))),
  /**
   * The act's electronic signature (an approval, a document's review): printed name, time and
   * meaning, and whether the order (or document) is still as signed (false: the signature applies
   * to an earlier version of it).
   */
  signature: v.optional(SignatureSchema),
});
export type OrderEvent = v.InferOutput<typeof OrderEventSchema>;
export type OrderChange = NonNullable<OrderEvent['changes']>[number];

export const AttachmentSchema = v.strictObject({
  id: v.number(),
  file_id: v.number(),
  kind: AttachmentKindSchema,
  status: AttachmentStateSchema,
  reason: v.string(),
  name: v.string(),
  size: v.number(),
  media_type: v.string(),
  source: v.picklist(['customer', 'provider']),
  uploaded_at: Stamp,
  audited_at: MaybeStamp,
});
export type Attachment = v.InferOutput<typeof AttachmentSchema>;

export const RemarkSchema = v.strictObject({
  id: v.number(),
  kind: v.picklist(['remark', 'feedback']),
  author: v.string(),
  text: v.string(),
  at: Stamp,
});
export type Remark = v.InferOutput<typeof RemarkSchema>;

/** What the session's user may do with the order now (the view shows only these). */
export const OrderActionsSchema = v.strictObject({
  cancel: v.boolean(),
  edit: v.boolean(),
  audit: v.boolean(),
  apply_modify: v.boolean(),
  merge: v.boolean(),
  upload: v.boolean(),
  /** Pass or reject the order's documents (an approver of the customer; not on a cancelled order). */
  audit_documents: v.boolean(),
  remark: v.boolean(),
});
export type OrderActions = v.InferOutput<typeof OrderActionsSchema>;

/** `customer-order/view`: the whole order (masked), with what the user may do. */
export const OrderDetailSchema = v.strictObject({
  ...OrderRowSchema.entries,
  from_phone: v.string(),
  from_address: v.string(),
  from_city_id: v.nullable(v.number()),
  /** The district of the start ('' when the order names only a city); `from_city` is its city. */
  from_district: v.string(),
  to_phone: v.string(),
  to_address: v.string(),
  to_city_id: v.nullable(v.number()),
  to_district: v.string(),
  ho_id: v.nullable(v.number()),
  sign_name: v.nullable(v.string()),
  signed_at: MaybeStamp,
  remark: v.string(),
  cancel_reason: v.nullable(v.string()),
  merged_into: v.nullable(v.number()),
  merged_into_no: v.nullable(v.string()),
  /** The fields the server masked (so the view can say why they show asterisks). */
  masked: v.array(v.string()),
  required_attachments: v.array(AttachmentKindSchema),
  goods: v.array(GoodsLineSchema),
  boxes: v.array(BoxSchema),
  events: v.array(OrderEventSchema),
  attachments: v.array(AttachmentSchema),
  remarks: v.array(RemarkSchema),
  sources: v.array(v.strictObject({ id: v.number(), order_no: v.string() })),
  modification: v.nullable(
    v.strictObject({
      id: v.number(),
      kind: v.picklist(['change', 'cancel']),
      status: v.picklist(['pending', 'accepted', 'rejected']),
      reason: v.string(),
      answer: v.string(),
      requested_at: Stamp,
      answered_at: MaybeStamp,
      /** What a change asked, field by field, old → new (masked fields masked). */
      fields: v.array(AskedFieldSchema),
    }),
  ),
  actions: OrderActionsSchema,
});
export type OrderDetail = v.InferOutput<typeof OrderDetailSchema>;

/** `common/get-car-temp`: the readings with the class's limits and the excursions found. */
export const TemperatureSchema = v.strictObject({
  temp_class: TempClassSchema,
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
  excursion: ExcursionSchema,
  readings: v.array(v.strictObject({ logger_id: v.string(), at: Stamp, celsius: v.number() })),
  excursions: v.array(
    v.strictObject({ from: Stamp, to: Stamp, peak: v.number(), minutes: v.number(), level: ExcursionSchema }),
  ),
});
export type Temperature = v.InferOutput<typeof TemperatureSchema>;

/** `common/get-play-track-url`: the route's points, oldest first. */
export const TrackSchema = v.strictObject({
  points: v.array(v.strictObject({ at: Stamp, lat: v.number(), lng: v.number() })),
});
export type Track = v.InferOutput<typeof TrackSchema>;

export const Reason = (required = true) =>
  required
    ? v.pipe(
        v.string(msg('string')),
        v.trim(),
        v.nonEmpty(msg('required')),
        v.maxLength(REASON_MAX, msg('maxLength', { max: REASON_MAX })),
      )
    : OptionalText(REASON_MAX);

export const IDS_MAX = 100;
/** Several orders at once (bulk actions): 1–100 distinct ids. */
export const OrderIds = v.pipe(
  v.array(Id, msg('list')),
  v.minLength(1, msg('minItems', { min: 1 })),
  v.maxLength(IDS_MAX, msg('maxItems', { max: IDS_MAX })),
  v.check((ids) => new Set(ids).size === ids.length, msg('invalid')),
);

/** `customer-order/cancel`: the orders (each still `pending_approval` or `pending_confirm`) and why. */
export const CancelRequest = v.strictObject({ ids: OrderIds, reason: Reason() });
export type CancelRequest = v.InferInput<typeof CancelRequest>;
/** Which orders were cancelled (all or none: one order that may not be cancelled refuses the call). */
export const CancelAnswer = v.strictObject({ ids: v.array(v.number()) });

/** `customer-order/merge` (with an `Idempotency-Key` header): ≥ 2 open orders alike → one new order. */
export const MergeRequest = v.strictObject({
  ids: v.pipe(OrderIds, v.minLength(2, msg('minItems', { min: 2 }))),
});
export type MergeRequest = v.InferInput<typeof MergeRequest>;
export const MergeAnswer = v.strictObject({ id: v.number(), order_no: v.string() });

/** `customer-order/auditing`: an approver passes (→ `pending_confirm`) or rejects (→ `cancelled`, reason required). */
export const AuditRequest = v.strictObject({
  id: Id,
  pass: v.boolean(msg('boolean')),
  reason: OptionalText(REASON_MAX),
  version: IntIn(1, 2_147_483_647),
  /** The approver's electronic signature (src/contract/signatures). */
  signature: SignatureInput,
});
export type AuditRequest = v.InferInput<typeof AuditRequest>;

/** `customer-order/remark`: a remark (or feedback) on the order's log. */
export const RemarkRequest = v.strictObject({
  id: Id,
  text: v.pipe(
    v.string(msg('string')),
    v.trim(),
    v.nonEmpty(msg('required')),
    v.maxLength(REMARK_MAX, msg('maxLength', { max: REMARK_MAX })),
  ),
  kind: v.optional(
    v.picklist(['remark', 'feedback'], msg('oneOf', { values: 'remark, feedback' })),
    'remark',
  ),
});
export type RemarkRequest = v.InferInput<typeof RemarkRequest>;

/** The order after a write: the view's record (its new version). */
export const OrderWriteAnswer = v.strictObject({
  id: v.number(),
  version: v.number(),
  status: OrderStatusSchema,
});

/**
 * `customer-order/apply-modify`: ask the provider to change or cancel an order it already
 * confirmed. `changes` (kind `change`): the fields of `ChangesInput` (change-request.ts), each
 * checked as the order editor checks it; the server then refuses, 422 under `changes.<field>`,
 * what `changeProblems` finds (a time in the past, deliver-by not after pickup, a settled side,
 * the order's own value), and an empty request under `changes`.
 */
export const ApplyModifyRequest = v.strictObject({
  id: Id,
  kind: v.picklist(['change', 'cancel'], msg('oneOf', { values: 'change, cancel' })),
  changes: v.optional(ChangesInput, {}),
  reason: Reason(),
  version: IntIn(1, 2_147_483_647),
});
export type ApplyModifyRequest = v.InferInput<typeof ApplyModifyRequest>;

export const ModificationSchema = v.strictObject({
  id: v.number(),
  kind: v.picklist(['change', 'cancel']),
  /** The values asked for (masked fields masked). */
  changes: v.record(v.string(), v.string()),
  /** The same field by field, beside the order's value when asked. */
  fields: v.array(AskedFieldSchema),
  status: v.picklist(['pending', 'accepted', 'rejected']),
  reason: v.string(),
  answer: v.string(),
  requested_at: v.string(),
  answered_at: v.nullable(v.string()),
});
/** `customer-order/get-apply-info`: the order's modification requests, newest first. */
export const ApplyInfoSchema = v.strictObject({ list: v.array(ModificationSchema) });

/** `customer-order/child-list`: the orders merged into this one. */
export const ChildListSchema = v.strictObject({ list: v.array(OrderRowSchema) });

/** `common/printlog`: record a print of an order (POST) or list its prints (GET). */
export const PrintLogRequest = v.strictObject({
  id: Id,
  /** The other orders printed in the same document (the list's bulk print), each recorded too. */
  with_ids: v.optional(v.pipe(v.array(Id), v.maxLength(PRINT_MAX - 1)), []),
  kind: v.optional(
    v.picklist(['waybill', 'summary'], msg('oneOf', { values: 'waybill, summary' })),
    'waybill',
  ),
});
export const PrintLogSchema = v.strictObject({
  list: v.array(v.strictObject({ id: v.number(), kind: v.string(), by: v.string(), at: v.string() })),
});

/** `common/email`: send the order's summary (masked) to 1–10 addresses. */
export const EmailRequest = v.strictObject({
  id: Id,
  to: v.pipe(
    v.array(
      v.pipe(v.string(msg('string')), v.trim(), v.email(msg('invalid')), v.maxLength(254)),
      msg('list'),
    ),
    v.minLength(1, msg('minItems', { min: 1 })),
    v.maxLength(10, msg('maxItems', { max: 10 })),
  ),
  note: OptionalText(500),
});
export type EmailRequest = v.InferInput<typeof EmailRequest>;
/** `common/email-view`: the summary as it would be sent (masked, escaped HTML). */
export const EmailViewSchema = v.strictObject({
  subject: v.string(),
  html: v.string(),
  text: v.string(),
  /** The same HTML as a page of its own (a signed link, minutes long): what the preview frame shows. */
  page_url: v.string(),
});

/** `customized-order/index`, `customer-order/destory-index`: the list of one order type (`custom`, `destroy`). */
export const TypedOrderListQuery = v.omit(OrderListQuery, ['order_type']);
export type TypedOrderListQuery = v.InferInput<typeof TypedOrderListQuery>;

/** `common/get-order-view-data`: the view's header, the row with what the user may do now. */
export const OrderHeaderSchema = v.strictObject({
  ...OrderRowSchema.entries,
  masked: v.array(v.string()),
  actions: OrderActionsSchema,
});
export type OrderHeader = v.InferOutput<typeof OrderHeaderSchema>;

/** `common/get-order-data`: the whole order without its lists (goods, boxes, events …). */
export const OrderDataSchema = v.omit(OrderDetailSchema, [
  'goods',
  'boxes',
  'events',
  'attachments',
  'remarks',
  'sources',
]);
export type OrderData = v.InferOutput<typeof OrderDataSchema>;

/** `common/get-order-goods` (all lines), `get-order-drug` (drugs), `get-order-material` (materials). */
export const GoodsListSchema = v.strictObject({ list: v.array(GoodsLineSchema) });
/** `common/get-order-box`. */
export const BoxListSchema = v.strictObject({ list: v.array(BoxSchema) });
/** `common/get-order-attach`: the attachments and the kinds the project requires. */
export const AttachmentListSchema = v.strictObject({
  list: v.array(AttachmentSchema),
  required: v.array(AttachmentKindSchema),
});
/** `common/get-order-feedback`: remarks and feedback, oldest first. */
export const RemarkListSchema = v.strictObject({ list: v.array(RemarkSchema) });
/** `common/get-order-handel`: the event log, oldest first. */
export const EventListSchema = v.strictObject({ list: v.array(OrderEventSchema) });

/** `common/get-work-sheet`: the handling sheet: what moves, how packed, and its milestones so far. */
export const WorkSheetSchema = v.strictObject({
  order_no: v.string(),
  status: OrderStatusSchema,
  milestone: MilestoneSchema,
  temp_class: TempClassSchema,
  pickup_at: MaybeStamp,
  deliver_by: MaybeStamp,
  signed_at: MaybeStamp,
  sign_name: v.nullable(v.string()),
  goods_lines: v.number(),
  box_count: v.number(),
  total_weight_kg: v.number(),
  steps: v.array(
    v.strictObject({ kind: v.string(), at: Stamp, actor_name: v.string(), location: v.string() }),
  ),
});
export type WorkSheet = v.InferOutput<typeof WorkSheetSchema>;
