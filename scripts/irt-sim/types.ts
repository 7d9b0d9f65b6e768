/**
 * The simulator's plain types: what the test reads without loading the typed client (whose
 * generated types the project's own check does not have; see portal.ts).
 */

/** A webhook as the portal sends it (docs/decisions/webhooks.md): ids, numbers and statuses only. */
export interface WebhookEvent {
  type: string;
  /** The event's time (ISO 8601). */
  timestamp: string;
  data: Record<string, unknown>;
}

/** A webhook that verified, with when it came. */
export interface Seen {
  id: string;
  event: WebhookEvent;
  /** `Date.now()` when it was received. */
  receivedAt: number;
  /** From the event's time to its receipt, in ms. */
  latencyMs: number;
  /** The raw request, to show a tampered copy being refused. */
  raw: { body: string; headers: Record<string, string> };
}

/** A booked shipment: the portal's order for the IRT's shipment request id. */
export interface Booked {
  key: string;
  id: number;
  order_no: string;
  status: string;
  site_no: string;
}

export interface SimOptions {
  /** The portal's address. */
  url: string;
  /** The API client's credentials; without them, `admin` makes a client for the run. */
  client?: { id: string; secret: string } | undefined;
  admin: { username: string; password: string; customer?: string | undefined };
  /** Shipments to book (at least 2: the last is withdrawn). */
  orders: number;
  /** The portal's INTEGRATION_SECRET: the provider then confirms, delivers and signs the first order. */
  integrationSecret?: string | undefined;
  receiverHost: string;
  receiverPort: number;
  /** How long to wait for one webhook before giving up (ms). */
  waitMs: number;
  /** After the run, keep receiving (and printing) webhooks until `signal` aborts. */
  watch?: boolean;
  /** Ctrl-C: stop waiting, remove the endpoint, revoke the client made for the run. */
  signal?: AbortSignal | undefined;
}

export interface SimReport {
  tokenScope: string;
  booked: Booked[];
  /** The first shipment request sent again: the order it answered. */
  repeated: Booked;
  seen: Seen[];
  /** What the receiver answered a tampered copy of a webhook. */
  tamperedStatus: number;
  refused: number;
  duplicates: number;
  latency: { p50: number; max: number };
  /** The bookings' order.created webhooks: from the first booking to the last one received. */
  burst: { webhooks: number; ms: number };
}
