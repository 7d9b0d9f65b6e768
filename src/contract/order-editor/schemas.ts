import * as v from 'valibot';
import { distinct, Id, IntIn, OptionalText, RequiredText, Text } from '../fields.ts';
import { msg } from '../messages.ts';
import { Quantity } from '../goods/quantity.ts';
import { ProjectForOrderSchema } from '../master-data/schemas.ts';
import { CUSTOMER_KINDS } from '../order-attachments/limits.ts';
import { DTP_KINDS, GOODS_TYPES, ORDER_STATUSES, ORDER_TYPES, TEMP_CLASSES } from '../orders/domain.ts';
import { REASON_MAX } from '../orders/limits.ts';

/**
 * The order editor (`customer-order/create`) and the draft box (`save-draft-box`,
 * `draft-box-list`, `delete-draft-box`): what the form sends, what it gets back, and what a draft
 * holds. The order's fields are flat and named as everywhere else (`from_*` the start side, `to_*`
 * the stop side, spec §3).
 */

const pick = <const T extends readonly (string | number)[]>(values: T) =>
  v.picklist(values, msg('oneOf', { values: values.join(', ') }));

export const EDITOR_MODES = ['new', 'edit', 'copy'] as const;
export type EditorMode = (typeof EDITOR_MODES)[number];

export const COMPANY_MAX = 100;
export const CONTACT_MAX = 50;
export const PHONE_MAX = 30;
export const ADDRESS_MAX = 200;
export const ORDER_REMARK_MAX = 500;
export const GOODS_LINES_MAX = 100;
export const BOXES_MAX = 50;
export const ORDER_ATTACHMENTS_MAX = 20;
/** A draft's stored form is at most this many bytes of JSON. */
export const DRAFT_BYTES_MAX = 64 * 1024;

/** A phone as people write it: digits with an optional `+`, spaces, dashes and an extension. */
export const Phone = v.pipe(
  v.string(msg('string')),
  v.trim(),
  v.nonEmpty(msg('required')),
  v.maxLength(PHONE_MAX, msg('maxLength', { max: PHONE_MAX })),
  v.regex(/^\+?[0-9][0-9 -]{4,24}[0-9](?:[#,][0-9]{1,6})?$/, msg('invalid')),
);

/** An ISO 8601 moment with its offset (`2026-11-23T09:00:00+08:00`). */
export const Moment = v.pipe(v.string(msg('string')), v.isoTimestamp(msg('date')));

/** A goods line of the order: an inventory line (`in_id`, which fixes item, batch and depot) and how much. */
export const OrderGoodsInput = v.strictObject({ in_id: Id, quantity: Quantity });

/** A box as chosen: a box type of the packing catalogue (as `common/auto-box` suggests them). */
export const OrderBoxInput = v.strictObject({ box_type: RequiredText(64) });

/** A file uploaded while creating (`POST common/file`), attached to the order when it is made. */
export const OrderAttachmentInput = v.strictObject({ file_id: Id, kind: pick(CUSTOMER_KINDS) });

/**
 * The order as the form submits it. The server checks again what the form checks: the project's
 * configuration (order types, goods types, temperature classes, DTP, required attachments), that
 * the cities are districts of the served regions, the goods' project, class and availability,
 * `pickup_at` in the future and before `deliver_by`.
 */
export const OrderInput = v.strictObject({
  pr_id: Id,
  order_type: pick(ORDER_TYPES),
  to_goodstype: pick(GOODS_TYPES),
  is_dtp: v.optional(pick(DTP_KINDS), 0),
  temp_class: pick(TEMP_CLASSES),
  /** The address-book entries the sides came from (kept for the record; the text below is what counts). */
  from_ad_id: v.optional(v.nullable(Id), null),
  from_company: RequiredText(COMPANY_MAX),
  from_contact: RequiredText(CONTACT_MAX),
  from_phone: Phone,
  from_address: RequiredText(ADDRESS_MAX),
  from_city_id: Id,
  to_ad_id: v.optional(v.nullable(Id), null),
  to_company: RequiredText(COMPANY_MAX),
  to_contact: RequiredText(CONTACT_MAX),
  to_phone: Phone,
  to_address: RequiredText(ADDRESS_MAX),
  to_city_id: Id,
  /** The site (hospital) at one end, when one end is a site of the project. */
  ho_id: v.optional(v.nullable(Id), null),
  pickup_at: Moment,
  deliver_by: v.optional(v.nullable(Moment), null),
  remark: OptionalText(ORDER_REMARK_MAX),
  goods: v.pipe(
    v.array(OrderGoodsInput, msg('list')),
    v.minLength(1, msg('minItems', { min: 1 })),
    v.maxLength(GOODS_LINES_MAX, msg('maxItems', { max: GOODS_LINES_MAX })),
    v.check((lines) => distinct(lines.map((l) => l.in_id)), msg('repeated')),
  ),
  boxes: v.pipe(
    v.array(OrderBoxInput, msg('list')),
    v.minLength(1, msg('minItems', { min: 1 })),
    v.maxLength(BOXES_MAX, msg('maxItems', { max: BOXES_MAX })),
  ),
  attachments: v.optional(
    v.pipe(
      v.array(OrderAttachmentInput, msg('list')),
      v.maxLength(ORDER_ATTACHMENTS_MAX, msg('maxItems', { max: ORDER_ATTACHMENTS_MAX })),
      v.check((list) => distinct(list.map((a) => a.file_id)), msg('repeated')),
    ),
    [],
  ),
});
export type OrderInput = v.InferInput<typeof OrderInput>;
export type OrderValue = v.InferOutput<typeof OrderInput>;

const Version = IntIn(1, 2_147_483_647);

/**
 * `POST customer-order/create` with an `Idempotency-Key` header (made when the form opened, kept
 * with the draft). Without `id`: a new order (new or copy). With `id` and `version`: the order
 * edited, while it is still `pending_approval` or `pending_confirm` (stale version: 409 with the
 * current form in `data`), with the `reason` for the change (422 on `reason` without one: EU GMP
 * Annex 11 §9). An approved order that is edited goes back to `pending_approval`: its approval
 * was of the order as it was. `draft_id`: the draft this came from, deleted in the same transaction.
 */
export const CreateOrderRequest = v.strictObject({
  ...OrderInput.entries,
  id: v.optional(Id),
  version: v.optional(Version),
  draft_id: v.optional(Id),
  reason: OptionalText(REASON_MAX),
});
export type CreateOrderRequest = v.InferInput<typeof CreateOrderRequest>;

export const CreateOrderAnswer = v.strictObject({
  id: v.number(),
  order_no: v.string(),
  status: pick(ORDER_STATUSES),
  version: v.number(),
});
export type CreateOrderAnswer = v.InferOutput<typeof CreateOrderAnswer>;

/**
 * `GET customer-order/create`: the form's start. No parameters: a new order. `id` + `mode`:
 * edit (the order must still be editable) or copy (any order). `draft_id`: a draft of the draft box.
 */
export const EditorStartQuery = v.strictObject({
  id: v.optional(Id),
  mode: v.optional(pick(['edit', 'copy'] as const)),
  draft_id: v.optional(Id),
});
export type EditorStartQuery = v.InferInput<typeof EditorStartQuery>;

/**
 * A draft's form: every field of the order optional and loosely typed (a draft may be half
 * typed), each text bounded; the whole at most DRAFT_BYTES_MAX bytes of JSON.
 */
const DraftText = (max: number) => v.optional(Text(max));
const DraftNumber = v.optional(v.nullable(v.union([v.number(), Text(32)], msg('number'))));
export const OrderDraftData = v.pipe(
  v.strictObject({
    pr_id: v.optional(v.nullable(Id)),
    order_type: v.optional(v.nullable(pick(ORDER_TYPES))),
    to_goodstype: v.optional(v.nullable(pick(GOODS_TYPES))),
    is_dtp: v.optional(v.nullable(pick(DTP_KINDS))),
    temp_class: v.optional(v.nullable(pick(TEMP_CLASSES))),
    from_ad_id: v.optional(v.nullable(Id)),
    from_company: DraftText(COMPANY_MAX),
    from_contact: DraftText(CONTACT_MAX),
    from_phone: DraftText(PHONE_MAX),
    from_address: DraftText(ADDRESS_MAX),
    from_city_id: v.optional(v.nullable(Id)),
    to_ad_id: v.optional(v.nullable(Id)),
    to_company: DraftText(COMPANY_MAX),
    to_contact: DraftText(CONTACT_MAX),
    to_phone: DraftText(PHONE_MAX),
    to_address: DraftText(ADDRESS_MAX),
    to_city_id: v.optional(v.nullable(Id)),
    ho_id: v.optional(v.nullable(Id)),
    pickup_at: DraftText(40),
    deliver_by: DraftText(40),
    remark: DraftText(ORDER_REMARK_MAX),
    goods: v.optional(
      v.pipe(
        v.array(v.strictObject({ in_id: Id, quantity: DraftNumber }), msg('list')),
        v.maxLength(GOODS_LINES_MAX, msg('maxItems', { max: GOODS_LINES_MAX })),
      ),
    ),
    boxes: v.optional(
      v.pipe(
        v.array(v.strictObject({ box_type: Text(64) }), msg('list')),
        v.maxLength(BOXES_MAX, msg('maxItems', { max: BOXES_MAX })),
      ),
    ),
    attachments: v.optional(
      v.pipe(
        v.array(OrderAttachmentInput, msg('list')),
        v.maxLength(ORDER_ATTACHMENTS_MAX, msg('maxItems', { max: ORDER_ATTACHMENTS_MAX })),
      ),
    ),
  }),
  v.check(
    (data) => new TextEncoder().encode(JSON.stringify(data)).length <= DRAFT_BYTES_MAX,
    msg('tooLarge'),
  ),
);
export type OrderDraftData = v.InferOutput<typeof OrderDraftData>;

/** Idempotency keys as the header takes them: 8–128 visible ASCII characters. */
export const IdempotencyKey = v.pipe(
  v.string(msg('string')),
  v.regex(/^[\x21-\x7e]{8,128}$/, msg('invalid')),
);

/**
 * `POST customer-order/save-draft-box`: store the form in the draft box. Without `id`: a new
 * draft. With `id` and `version`: that draft (stale version: 409 with the current draft in `data`,
 * so another tab's or device's save is never overwritten unseen).
 */
export const SaveDraftRequest = v.strictObject({
  id: v.optional(Id),
  version: v.optional(Version),
  mode: v.optional(pick(EDITOR_MODES), 'new'),
  /** The order edited (mode `edit`) or copied (mode `copy`). */
  order_id: v.optional(v.nullable(Id), null),
  /** The form's Idempotency-Key, so a draft submitted after a reload still makes one order. */
  idempotency_key: IdempotencyKey,
  data: OrderDraftData,
});
export type SaveDraftRequest = v.InferInput<typeof SaveDraftRequest>;

export const SaveDraftAnswer = v.strictObject({ id: v.number(), version: v.number(), saved_at: v.string() });
export type SaveDraftAnswer = v.InferOutput<typeof SaveDraftAnswer>;

/** A draft whole (the 409 answer of a stale save, and a draft opened in the editor). */
export const DraftSchema = v.strictObject({
  id: v.number(),
  version: v.number(),
  mode: pick(EDITOR_MODES),
  order_id: v.nullable(v.number()),
  order_no: v.nullable(v.string()),
  idempotency_key: v.string(),
  data: OrderDraftData,
  saved_at: v.string(),
  created_at: v.string(),
});
export type Draft = v.InferOutput<typeof DraftSchema>;

/** `GET customer-order/draft-box-list`: the user's drafts in the current customer, last saved first. */
export const DraftListQuery = v.strictObject({
  start: v.optional(IntIn(0, 10_000_000), 0),
  limit: v.optional(IntIn(1, 100), 10),
  currentPage: v.optional(IntIn(1, 1_000_000)),
  keyword: v.optional(Text(100), ''),
});
export type DraftListQuery = v.InferInput<typeof DraftListQuery>;

export const DraftRowSchema = v.strictObject({
  id: v.number(),
  version: v.number(),
  mode: pick(EDITOR_MODES),
  order_id: v.nullable(v.number()),
  order_no: v.nullable(v.string()),
  pr_id: v.nullable(v.number()),
  project_name: v.string(),
  order_type: v.nullable(pick(ORDER_TYPES)),
  temp_class: v.nullable(pick(TEMP_CLASSES)),
  from_company: v.string(),
  to_company: v.string(),
  goods_count: v.number(),
  saved_at: v.string(),
  created_at: v.string(),
});
export type DraftRow = v.InferOutput<typeof DraftRowSchema>;
export const DraftListSchema = v.strictObject({ list: v.array(DraftRowSchema), total: v.number() });
export type DraftList = v.InferOutput<typeof DraftListSchema>;

/** `POST customer-order/delete-draft-box`: 1–100 of the user's drafts (all or none). */
export const DeleteDraftsRequest = v.strictObject({
  ids: v.pipe(
    v.array(Id, msg('list')),
    v.minLength(1, msg('minItems', { min: 1 })),
    v.maxLength(100, msg('maxItems', { max: 100 })),
    v.check(distinct, msg('repeated')),
  ),
});
export const DeleteDraftsAnswer = v.strictObject({ ids: v.array(v.number()) });

/**
 * `GET customer-order/create`'s answer: the projects the user may order for (with their
 * configuration), and the form to start from: empty (new), the order (edit, with its version),
 * the order as a new one (copy: no id, masked fields left empty and named in `cleared`), or a draft.
 */
export const EditorStartSchema = v.strictObject({
  mode: pick(EDITOR_MODES),
  projects: v.array(ProjectForOrderSchema),
  /** The order edited (edit) or copied (copy). */
  order: v.nullable(
    v.strictObject({
      id: v.number(),
      order_no: v.string(),
      version: v.number(),
      status: pick(ORDER_STATUSES),
      /** An approver passed it: an edit sends it back to `pending_approval`. */
      approved: v.boolean(),
    }),
  ),
  form: OrderDraftData,
  /** The fields a copy leaves empty because the source showed them masked. */
  cleared: v.array(v.string()),
  /** When the form came from the draft box. */
  draft: v.nullable(
    v.strictObject({
      id: v.number(),
      version: v.number(),
      idempotency_key: v.string(),
      saved_at: v.string(),
    }),
  ),
  /** The customer's time zone for wanted times (IANA, `Asia/Shanghai`). */
  time_zone: v.string(),
});
export type EditorStart = v.InferOutput<typeof EditorStartSchema>;

/**
 * The 409 of a stale edit (`POST customer-order/create` with an old `version`): the order as it
 * is now and its form (masked fields left empty and named in `cleared`, as for a copy), so the
 * editor can show which fields changed and resubmit with the current version.
 */
export const EditConflictSchema = v.strictObject({
  order: v.strictObject({
    id: v.number(),
    order_no: v.string(),
    version: v.number(),
    status: pick(ORDER_STATUSES),
  }),
  form: OrderDraftData,
  cleared: v.array(v.string()),
});
export type EditConflict = v.InferOutput<typeof EditConflictSchema>;

/**
 * `POST customer-order/inventory-detail-add`: goods lines for the form, checked against the
 * inventory: each line as the order will hold it, with a warning when it expires soon; lines that
 * cannot be taken (another project, another class, not enough available, expired) come back in
 * `refused` with the reason.
 */
export const InventoryAddRequest = v.strictObject({
  pr_id: v.optional(Id),
  temp_class: v.optional(pick(TEMP_CLASSES)),
  /** The pickup day, against which expiry is judged (default today). */
  pickup_at: v.optional(Moment),
  lines: v.pipe(
    v.array(OrderGoodsInput, msg('list')),
    v.minLength(1, msg('minItems', { min: 1 })),
    v.maxLength(GOODS_LINES_MAX, msg('maxItems', { max: GOODS_LINES_MAX })),
    v.check((lines) => distinct(lines.map((l) => l.in_id)), msg('repeated')),
  ),
  /** The order being edited: its own reserved quantities count as available. */
  order_id: v.optional(Id),
});
export type InventoryAddRequest = v.InferInput<typeof InventoryAddRequest>;

export const EXPIRY_WARNINGS = ['expired', 'before_delivery', 'within_30_days'] as const;
/**
 * Why a stock line cannot be taken: not the customer's, another project or class, not enough,
 * expired by the pickup day, or held back by a temperature excursion (`on_hold` until its case
 * is decided, `quarantined` by a decision; `case_no` names the case).
 */
export const REFUSALS = [
  'not_found',
  'other_project',
  'other_temp_class',
  'not_enough',
  'expired',
  'on_hold',
  'quarantined',
] as const;

export const InventoryAddAnswer = v.strictObject({
  list: v.array(
    v.strictObject({
      in_id: v.number(),
      /** The line's project (an order from the inventory page starts from it). */
      pr_id: v.nullable(v.number()),
      goods_type: pick(GOODS_TYPES),
      code: v.string(),
      name: v.string(),
      spec: v.string(),
      batch_no: v.string(),
      expiry: v.nullable(v.string()),
      quantity: v.number(),
      available: v.number(),
      unit: v.string(),
      depot: v.string(),
      temp_class: pick(TEMP_CLASSES),
      warning: v.nullable(pick(EXPIRY_WARNINGS)),
    }),
  ),
  refused: v.array(
    v.strictObject({
      in_id: v.number(),
      reason: pick(REFUSALS),
      available: v.number(),
      case_no: v.optional(v.string()),
    }),
  ),
});
export type InventoryAddAnswer = v.InferOutput<typeof InventoryAddAnswer>;

/** `POST common/file` (multipart `kind`, `file`): a file uploaded before its order exists. */
export const PendingFileRequest = v.strictObject({ kind: pick(CUSTOMER_KINDS) });
export const PendingFileAnswer = v.strictObject({
  file_id: v.number(),
  kind: pick(CUSTOMER_KINDS),
  name: v.string(),
  size: v.number(),
  media_type: v.string(),
});
export type PendingFileAnswer = v.InferOutput<typeof PendingFileAnswer>;
