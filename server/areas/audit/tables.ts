import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../../db/columns.ts';

/** One field of a record as an entry saw it change (`old` null: it was set; `new` null: cleared). */
export interface AuditChange {
  field: string;
  old: unknown;
  new: unknown;
}

export type ActorKind = 'user' | 'provider' | 'system' | 'client';

/** An entry of the audit trail (trail.ts): never updated or deleted (the database refuses). */
export interface AuditEntriesTable {
  id: Generated<number>;
  /** The customer whose chain holds the entry (0: no customer, such as a failed sign-in). */
  cu_id: number;
  /** Its place in the customer's chain, from 1. */
  seq: number;
  at: Timestamp;
  record_type: string;
  record_id: string;
  action: string;
  actor_kind: ActorKind;
  actor_id: number | null;
  /** The actor's printed name at the time (a user's name, the provider system's, the client's). */
  actor_name: string;
  reason: string | null;
  changes: Json<AuditChange[]>;
  request_id: string | null;
  /** The hash of the chain's entry before it (64 zeros for the first). */
  prev_hash: string;
  hash: string;
}

/** Each customer's chain tip: the newest entry's place and hash (appends lock it). */
export interface AuditHeadsTable {
  cu_id: number;
  seq: number;
  hash: string;
}

declare module '../../db/schema.ts' {
  interface Database {
    audit_entries: AuditEntriesTable;
    audit_heads: AuditHeadsTable;
  }
}
