import * as v from 'valibot';
import { Id, IntIn, OptionalText, RequiredText, Text } from '../fields.ts';
import { msg } from '../messages.ts';
import { EXCURSION_LEVELS, MILESTONES, ORDER_NO, ORDER_STATUSES, TEMP_CLASSES } from '../orders/domain.ts';

/**
 * The provider's side of an order (server to server, signed like `integration/*`): confirm it,
 * post its milestones, logger readings and track, the signature at delivery, and answer the
 * customer's modification requests. Orders are named by `order_no`.
 */
export const OrderNo = v.pipe(v.string(msg('string')), v.trim(), v.regex(ORDER_NO, msg('invalid')));

/** A point in time, ISO 8601 with a zone (`2026-11-22T08:30:00Z`, `…+08:00`). */
export const Instant = v.pipe(
  v.string(msg('string')),
  v.maxLength(40, msg('maxLength', { max: 40 })),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/, msg('date')),
  v.check((s) => !Number.isNaN(Date.parse(s)), msg('date')),
);

const Num = (min: number, max: number) =>
  v.pipe(
    v.number(msg('number')),
    v.finite(msg('number')),
    v.minValue(min, msg('min', { min })),
    v.maxValue(max, msg('max', { max })),
  );

/** Who did it on the provider's side (a courier, a dispatcher); shown in the order's log. */
const Operator = OptionalText(50);

/** The milestones the provider posts, in the order they happen (`confirmed` comes with confirm). */
export const POSTED_MILESTONES = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const;
export type PostedMilestone = (typeof POSTED_MILESTONES)[number];

export const ConfirmRequest = v.strictObject({ order_no: OrderNo, operator: Operator });
export type ConfirmRequest = v.InferInput<typeof ConfirmRequest>;

export const MilestoneRequest = v.strictObject({
  order_no: OrderNo,
  milestone: v.picklist(POSTED_MILESTONES, msg('oneOf', { values: POSTED_MILESTONES.join(', ') })),
  at: Instant,
  location: OptionalText(200),
  operator: Operator,
});
export type MilestoneRequest = v.InferInput<typeof MilestoneRequest>;

export const READINGS_MAX = 5000;
export const ReadingsRequest = v.strictObject({
  order_no: OrderNo,
  logger_id: RequiredText(64),
  readings: v.pipe(
    v.array(v.strictObject({ at: Instant, celsius: Num(-273, 100) }), msg('list')),
    v.minLength(1, msg('minItems', { min: 1 })),
    v.maxLength(READINGS_MAX, msg('maxItems', { max: READINGS_MAX })),
  ),
});
export type ReadingsRequest = v.InferInput<typeof ReadingsRequest>;

export const TRACK_MAX = 5000;
export const TrackRequest = v.strictObject({
  order_no: OrderNo,
  points: v.pipe(
    v.array(v.strictObject({ at: Instant, lat: Num(-90, 90), lng: Num(-180, 180) }), msg('list')),
    v.minLength(1, msg('minItems', { min: 1 })),
    v.maxLength(TRACK_MAX, msg('maxItems', { max: TRACK_MAX })),
  ),
});
export type TrackRequest = v.InferInput<typeof TrackRequest>;

export const SignRequest = v.strictObject({
  order_no: OrderNo,
  sign_name: RequiredText(50),
  signed_at: Instant,
  operator: Operator,
});
export type SignRequest = v.InferInput<typeof SignRequest>;

export const AnswerModifyRequest = v.strictObject({
  order_no: OrderNo,
  /** The modification request's id (`customer-order/get-apply-info`). */
  id: Id,
  accept: v.boolean(msg('boolean')),
  answer: v.optional(Text(500), ''),
  operator: Operator,
});
export type AnswerModifyRequest = v.InferInput<typeof AnswerModifyRequest>;

/** The order after a provider call (also the `data` of a 409: the order as it is). */
export const ProviderOrderState = v.strictObject({
  order_no: v.string(),
  status: v.picklist(ORDER_STATUSES),
  milestone: v.picklist(MILESTONES),
  excursion: v.picklist(EXCURSION_LEVELS),
  version: v.number(),
});
export type ProviderOrderState = v.InferOutput<typeof ProviderOrderState>;

/** Readings and track points: how many were new (a repeated time is kept once). */
export const StoredAnswer = v.strictObject({
  ...ProviderOrderState.entries,
  stored: v.number(),
  /** The excursion case these readings opened (`provider/readings`), if they opened one. */
  case_no: v.optional(v.string()),
});
export type StoredAnswer = v.InferOutput<typeof StoredAnswer>;

/**
 * `provider/open-orders`: the orders the provider has work on (waiting for confirmation or in
 * progress), oldest change first. `nonce` makes a repeated poll a new signed request.
 */
export const OpenOrdersRequest = v.strictObject({
  limit: v.optional(IntIn(1, 500), 200),
  nonce: OptionalText(64),
});
export type OpenOrdersRequest = v.InferInput<typeof OpenOrdersRequest>;

export const OpenOrder = v.strictObject({
  order_no: v.string(),
  status: v.picklist(ORDER_STATUSES),
  milestone: v.picklist(MILESTONES),
  temp_class: v.picklist(TEMP_CLASSES),
  excursion: v.picklist(EXCURSION_LEVELS),
  /** The start and stop cities' names (region names). */
  from_city: v.string(),
  to_city: v.string(),
  /** The data loggers of its boxes. */
  loggers: v.array(v.string()),
  /** The modification request waiting for the provider's answer. */
  modification: v.nullable(v.strictObject({ id: v.number(), kind: v.picklist(['change', 'cancel']) })),
});
export type OpenOrder = v.InferOutput<typeof OpenOrder>;
export const OpenOrdersAnswer = v.strictObject({ list: v.array(OpenOrder) });
export type OpenOrdersAnswer = v.InferOutput<typeof OpenOrdersAnswer>;
