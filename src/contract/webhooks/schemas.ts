import * as v from 'valibot';
import { Id, IntIn, TrimmedText } from '../fields.ts';
import { msg } from '../messages.ts';

/**
 * The events a customer's systems can subscribe to (Standard Webhooks 1.0: `type` of the payload),
 * made from the event outbox (server/areas/webhooks/events.ts). `webhook.test` is the "send test
 * event" action's, sent whatever an endpoint subscribes to.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.delivered',
  'excursion.opened',
  'excursion.decided',
  'document.rejected',
  'modification.answered',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_TEST_TYPE = 'webhook.test';

/** The longest endpoint address. */
export const WEBHOOK_URL_MAX = 2000;

const EventType = v.picklist(WEBHOOK_EVENT_TYPES, msg('oneOf', { values: WEBHOOK_EVENT_TYPES.join(', ') }));

/** An http(s) address with a host and no user or password in it (the server checks where it resolves). */
const Url = v.pipe(
  TrimmedText(WEBHOOK_URL_MAX),
  v.nonEmpty(msg('required')),
  v.check((value) => {
    try {
      const url = new URL(value);
      return /^https?:$/.test(url.protocol) && url.hostname !== '' && !url.username && !url.password;
    } catch {
      return false;
    }
  }, msg('invalid')),
);

/** The event types wanted: none listed means every type. */
const EventTypes = v.pipe(
  v.array(EventType, msg('list')),
  v.maxLength(WEBHOOK_EVENT_TYPES.length, msg('maxItems', { max: WEBHOOK_EVENT_TYPES.length })),
  v.check((items) => new Set(items).size === items.length, msg('repeated')),
);

/**
 * An endpoint as the portal shows it. Its secret is not in it: it is answered by create and
 * rotate, and to an administrator who asks for it (`webhook/secret`).
 */
export const WebhookEndpointSchema = v.strictObject({
  id: v.number(),
  url: v.string(),
  description: v.string(),
  /** Empty: every type. */
  event_types: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
  enabled: v.boolean(),
  /** Why it is disabled: by a person (`manual`), or after three days of failed deliveries (`failing`). */
  disabled_reason: v.nullable(v.picklist(['manual', 'failing'])),
  created_at: v.string(),
  updated_at: v.string(),
  /** Until when the previous secret still signs beside the new one (a rotation), else null. */
  previous_secret_until: v.nullable(v.string()),
  /** The newest attempt: its time and answer code (null: no answer). */
  last_attempt: v.nullable(v.strictObject({ at: v.string(), status: v.nullable(v.number()) })),
});
export type WebhookEndpoint = v.InferOutput<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = v.strictObject({
  list: v.array(WebhookEndpointSchema),
  event_types: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
});
export type WebhookEndpointList = v.InferOutput<typeof WebhookEndpointListSchema>;

export const CreateWebhookRequest = v.strictObject({
  url: Url,
  description: v.optional(TrimmedText(200), ''),
  event_types: v.optional(EventTypes, []),
});

export const UpdateWebhookRequest = v.strictObject({
  id: Id,
  url: v.optional(Url),
  description: v.optional(TrimmedText(200)),
  event_types: v.optional(EventTypes),
  /** false: no deliveries until enabled again (pending ones wait); true: on again. */
  enabled: v.optional(v.boolean(msg('boolean'))),
});

export const WebhookIdRequest = v.strictObject({ id: Id });

export const RotateWebhookRequest = v.strictObject({
  id: Id,
  /** How long the old secret signs beside the new one (hours, 0: at once). */
  keep_hours: v.optional(IntIn(0, 72), 24),
});

/** An endpoint with its secret (`whsec_` + base64 of 32 random bytes). */
export const WebhookWithSecretSchema = v.strictObject({
  endpoint: WebhookEndpointSchema,
  secret: v.string(),
});
export type WebhookWithSecret = v.InferOutput<typeof WebhookWithSecretSchema>;

export const WebhookSecretSchema = v.strictObject({
  secret: v.string(),
  /** The previous secret while it still signs (a rotation), else null. */
  previous: v.nullable(v.strictObject({ secret: v.string(), until: v.string() })),
});

export const DELIVERY_STATES = ['queued', 'sending', 'delivered', 'failed', 'skipped'] as const;

export const WebhookDeliveriesQuery = v.strictObject({
  id: Id,
  limit: v.optional(IntIn(1, 100), 50),
  /** Attempts older than this one (the next page). */
  before: v.optional(Id),
});

/** One attempt of a delivery, as its log keeps it (30 days). */
export const WebhookAttemptSchema = v.strictObject({
  id: v.number(),
  /** The delivery (one message to one endpoint) it is an attempt of. */
  delivery_id: v.number(),
  /** The message's `webhook-id` (the same for its retries and replays). */
  msg_id: v.string(),
  event_type: v.string(),
  url: v.string(),
  attempt: v.number(),
  /** The answer's HTTP status; null: none came (refused, timed out, blocked). */
  status: v.nullable(v.number()),
  /** What went wrong, when no 2xx came: `timeout`, `connection refused`, `redirect not followed` … */
  error: v.nullable(v.string()),
  duration_ms: v.number(),
  at: v.string(),
  /** The first bytes of the answer's body (at most 1 KB here). */
  answer: v.string(),
  /** The delivery's state now and its next attempt (queued). */
  state: v.picklist(DELIVERY_STATES),
  next_at: v.nullable(v.string()),
});
export type WebhookAttempt = v.InferOutput<typeof WebhookAttemptSchema>;

export const WebhookDeliveriesSchema = v.strictObject({ list: v.array(WebhookAttemptSchema) });
export type WebhookDeliveries = v.InferOutput<typeof WebhookDeliveriesSchema>;

const Instant = v.pipe(v.string(msg('string')), v.isoTimestamp(msg('date')));

/** One delivery again (by the attempt the log shows), or every delivery of a time range. */
export const ReplayWebhookRequest = v.strictObject({
  id: Id,
  attempt_id: v.optional(Id),
  /** The range (ISO times) of the deliveries' creation; with `failed_only`, only those that failed. */
  from: v.optional(Instant),
  to: v.optional(Instant),
  failed_only: v.optional(v.boolean(msg('boolean')), false),
});

export const ReplayAnswerSchema = v.strictObject({
  queued: v.number(),
  /**
   * A range holds more than one replay sends (1,000): when the first left out was made, to replay
   * again from (with `failed_only`, the same `from` takes the next ones too); null when all went.
   */
  next_from: v.nullable(v.string()),
});

export const TestAnswerSchema = v.strictObject({ delivery_id: v.number(), msg_id: v.string() });
