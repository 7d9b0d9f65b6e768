import * as v from 'valibot';
import { IntIn, OptionalText, RequiredText, Text } from '../fields.ts';
import { msg } from '../messages.ts';
import { MILESTONES, ORDER_STATUSES, TEMP_CLASSES } from '../orders/domain.ts';
import { Instant, OrderNo } from '../provider/schemas.ts';

/**
 * A carrier's or supplier's answer to one task of an order (the pickup or the delivery), from a
 * signed link the provider sends them (`provider/supplier-link`, `npm run provider -- supplier-link`).
 * The link opens the public `/supplier-allback` page without signing in; it carries the link's id
 * and expiry signed by the server (`SUPPLIER_LINK`), nothing else. The page shows the task masked
 * as every answer about an order is (orders.md: the patient's side of a DTP order is asterisks),
 * and takes one decision: confirm, propose another time (with a reason) or decline (with a
 * reason). A link takes one decision only; it becomes an event of the order.
 */

/** A signed link token: `<payload>.<signature>`, both base64url. */
export const SUPPLIER_LINK = /^[A-Za-z0-9_-]{4,80}\.[A-Za-z0-9_-]{16,100}$/;
const LINK_MAX = 200;

/** Where a link leads (the portal's public page) and the query parameter that carries the token. */
export const SUPPLIER_PATH = '/supplier-allback';
export const SUPPLIER_PARAM = 'link';

export const SUPPLIER_TASKS = ['pickup', 'delivery'] as const;
export type SupplierTask = (typeof SUPPLIER_TASKS)[number];

export const SUPPLIER_DECISIONS = ['confirm', 'propose', 'decline'] as const;
export type SupplierDecision = (typeof SUPPLIER_DECISIONS)[number];

/** Hours a link may live (default 72). */
export const SUPPLIER_LINK_HOURS_MAX = 720;
export const SUPPLIER_LINK_HOURS_DEFAULT = 72;
/** The longest reason a carrier may give. */
export const SUPPLIER_REASON_MAX = 200;

/**
 * A link's state: `open` (a decision can be taken), `answered` (its decision was taken; a second
 * use answers this), `expired` (nothing of the order is shown any more), `closed` (the order moved
 * past the task or was cancelled or finished: nothing to decide).
 */
export const SUPPLIER_LINK_STATES = ['open', 'answered', 'expired', 'closed'] as const;
export type SupplierLinkState = (typeof SUPPLIER_LINK_STATES)[number];

const LinkToken = v.pipe(v.string(msg('string')), v.trim(), v.nonEmpty(msg('required')), Text(LINK_MAX));

/** `GET supplier/task?link=`. */
export const TaskQuery = v.strictObject({ link: LinkToken });
export type TaskQuery = v.InferInput<typeof TaskQuery>;

/**
 * `POST supplier/answer`: the decision; `propose` needs the other time and a reason, `decline` a
 * reason (the server also refuses a proposed time in the past).
 */
export const AnswerRequest = v.pipe(
  v.strictObject({
    link: LinkToken,
    decision: v.picklist(SUPPLIER_DECISIONS, msg('oneOf', { values: SUPPLIER_DECISIONS.join(', ') })),
    proposed_at: v.optional(Instant),
    reason: v.optional(
      v.pipe(
        v.string(msg('string')),
        v.trim(),
        v.maxLength(SUPPLIER_REASON_MAX, msg('maxLength', { max: SUPPLIER_REASON_MAX })),
      ),
      '',
    ),
  }),
  v.forward(
    v.check((x) => x.decision !== 'propose' || x.proposed_at !== undefined, msg('required')),
    ['proposed_at'],
  ),
  v.forward(
    v.check((x) => x.decision === 'confirm' || x.reason.length > 0, msg('required')),
    ['reason'],
  ),
);
export type AnswerRequest = v.InferInput<typeof AnswerRequest>;

/** One side of the order as the carrier sees it (asterisks where the order masks that side). */
export const SupplierPartySchema = v.strictObject({
  company: v.string(),
  contact: v.string(),
  phone: v.string(),
  address: v.string(),
  city: v.string(),
  /** This side is the patient's and is shown as asterisks (spec §3). */
  masked: v.boolean(),
});
export type SupplierParty = v.InferOutput<typeof SupplierPartySchema>;

const MaybeStamp = v.nullable(v.string());

/** The task the link is about. */
export const SupplierTaskSchema = v.strictObject({
  order_no: v.string(),
  task: v.picklist(SUPPLIER_TASKS),
  /** Whom the provider sent the link to (a carrier's or supplier's name). */
  party: v.string(),
  status: v.picklist(ORDER_STATUSES),
  milestone: v.picklist(MILESTONES),
  temp_class: v.picklist(TEMP_CLASSES),
  /** 1 drug, 2 sample, 3 material. */
  goods_type: v.number(),
  boxes: v.number(),
  weight_kg: v.number(),
  /** The planned time of the task: the wanted pickup, or the deliver-by time. */
  planned_at: MaybeStamp,
  from: SupplierPartySchema,
  to: SupplierPartySchema,
});
export type SupplierTaskView = v.InferOutput<typeof SupplierTaskSchema>;

export const SupplierDecisionSchema = v.strictObject({
  decision: v.picklist(SUPPLIER_DECISIONS),
  proposed_at: MaybeStamp,
  reason: v.string(),
  decided_at: v.string(),
});
export type SupplierDecisionView = v.InferOutput<typeof SupplierDecisionSchema>;

/** What a link shows (also the `data` of a 409: a second use, an expired link, a closed task). */
export const SupplierLinkSchema = v.strictObject({
  state: v.picklist(SUPPLIER_LINK_STATES),
  expires_at: v.string(),
  /** null once the link expired. */
  task: v.nullable(SupplierTaskSchema),
  decision: v.nullable(SupplierDecisionSchema),
});
export type SupplierLink = v.InferOutput<typeof SupplierLinkSchema>;

/** `POST provider/supplier-link` (signed, server to server). */
export const SupplierLinkRequest = v.strictObject({
  order_no: OrderNo,
  task: v.picklist(SUPPLIER_TASKS, msg('oneOf', { values: SUPPLIER_TASKS.join(', ') })),
  /** The carrier's or supplier's name, shown on the page and in the order's log. */
  party: RequiredText(50),
  hours: v.optional(IntIn(1, SUPPLIER_LINK_HOURS_MAX), SUPPLIER_LINK_HOURS_DEFAULT),
  operator: OptionalText(50),
});
export type SupplierLinkRequest = v.InferInput<typeof SupplierLinkRequest>;

export const SupplierLinkIssued = v.strictObject({
  /** The token alone. */
  link: v.string(),
  /** The page's path with the token (`/supplier-allback?link=…`): prefix the portal's address. */
  path: v.string(),
  expires_at: v.string(),
});
export type SupplierLinkIssued = v.InferOutput<typeof SupplierLinkIssued>;
