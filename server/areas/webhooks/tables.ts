import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../../db/columns.ts';
import type { WebhookEventType } from '../../../src/contract/webhooks/schemas.ts';

/** A customer's endpoint: where its events go, signed with its secret. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  cu_id: number;
  url: string;
  description: string;
  /** The types it wants (empty: all). */
  event_types: Json<WebhookEventType[]>;
  enabled: boolean;
  disabled_reason: 'manual' | 'failing' | null;
  /** `whsec_` + base64 of 32 random bytes: kept as it is, since signing needs it (HMAC). */
  secret: string;
  /** The secret before a rotation, signing beside the new one until `previous_until`. */
  previous_secret: string | null;
  previous_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The newest 2xx answer (a delivery that fails for three days since disables the endpoint). */
  last_success_at: Timestamp | null;
}

/** A customer's place in its events, as the dispatcher has turned them into deliveries. */
export interface WebhookCursorsTable {
  cu_id: number;
  seq: number;
}

/** What an order was when last told (order.status_changed and order.delivered are told on change). */
export interface WebhookOrderStatesTable {
  order_id: number;
  cu_id: number;
  status: string;
  milestone: string;
  /** When it was told (the event's time): housekeeping prunes what was told long ago. */
  told_at: Timestamp;
}

export type DeliveryState = 'queued' | 'sending' | 'delivered' | 'failed' | 'skipped';

/** One message to one endpoint, tried until a 2xx or three days (sender.ts). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  cu_id: number;
  endpoint_id: number;
  /** The message's `webhook-id` (`msg_…`): the same for every attempt and every replay of it. */
  msg_id: string;
  event_type: string;
  /** The body, fixed when the message is made: every attempt sends the same bytes. */
  payload: string;
  /** The outbox place it was made of (null: a test event or a replay). */
  event_seq: number | null;
  /** The delivery a replay repeats. */
  replay_of: number | null;
  state: Generated<DeliveryState>;
  attempts: Generated<number>;
  next_at: Timestamp;
  lease_until: Timestamp | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** The delivery log: one row per attempt (kept 30 days). */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  endpoint_id: number;
  cu_id: number;
  attempt: number;
  url: string;
  status: number | null;
  error: string | null;
  duration_ms: number;
  at: Timestamp;
  answer: string;
}

declare module '../../db/schema.ts' {
  interface Database {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_cursors: WebhookCursorsTable;
    webhook_order_states: WebhookOrderStatesTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_attempts: WebhookAttemptsTable;
  }
}
