import type { Timestamp } from '../../db/columns.ts';
import type { ActorKind } from '../audit/tables.ts';

/** One change, as the outbox keeps it (outbox.ts): what changed, not its content. */
export interface EventsTable {
  cu_id: number;
  /** Its place among the customer's events, from 1, with no gaps. */
  seq: number;
  at: Timestamp;
  /** The kind of record: `order`, `attachment`, `excursion`, `inventory`, `draft`, `export` … */
  kind: string;
  /** What happened to it (the audit trail's action where it has one: `create`, `track` …). */
  action: string;
  record_id: string;
  /** The order it belongs to, when it belongs to one. */
  order_id: number | null;
  /** The one user it concerns (a draft, an export), or null: every user of the customer. */
  audience: number | null;
  actor_kind: ActorKind;
  actor_id: number | null;
}

/** Each customer's newest event place (appends lock it). */
export interface EventHeadsTable {
  cu_id: number;
  seq: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    events: EventsTable;
    event_heads: EventHeadsTable;
  }
}
