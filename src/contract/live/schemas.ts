import * as v from 'valibot';

/** What `live/ticket` answers: a ticket to open the live stream with, good for `expires_in` seconds. */
export const LiveTicketSchema = v.strictObject({
  ticket: v.string(),
  expires_in: v.number(),
  /** The stream's address, the ticket in its query (`/api/live/stream?ticket=…`). */
  url: v.string(),
});
export type LiveTicket = v.InferOutput<typeof LiveTicketSchema>;

/**
 * One change, as the stream's `change` events carry it (their `id` is `customer:place`): what
 * changed, not its content; a page reads what it shows again through its ordinary calls.
 */
export interface LiveChange {
  /** `order`, `attachment`, `excursion`, `inventory`, `address`, `product`, `draft`, `export` … */
  kind: string;
  /** What happened: `create`, `track`, `milestone`, `open`, `decide`, `save`, `done` … */
  action: string;
  /** The record's id. */
  id: string;
  /** The order it belongs to, if any. */
  order: number | null;
}

/** Why the server ended a stream (its `end` event): the session is over, or the server stops. */
export type LiveEnd = 'session' | 'stopping';
