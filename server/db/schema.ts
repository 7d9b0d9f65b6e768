import type { Insertable, Selectable } from 'kysely';
import type { Timestamp } from './columns.ts';

/**
 * The database as Kysely sees it. Each area declares its own tables in
 * `server/areas/<area>/tables.ts` by augmenting this interface (`declare module`), so adding an
 * area adds its tables without editing a list here. Only the tables of the HTTP layer itself
 * are declared here.
 */
export interface Database {
  rate_limits: RateLimitsTable;
  signing_keys: SigningKeysTable;
}

/** A row of a table as a query reads it (`Row<'orders'>`): one name for every table, no alias per file. */
export type Row<T extends keyof Database> = Selectable<Database[T]>;
/** A row of a table as an insert writes it (defaults and generated columns optional). */
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;

/** Fixed-window counters of the rate limits (server/http/rate-limit.ts). */
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

/**
 * The keys of short-lived signed links (server/core/signed-links.ts), made at random on first use
 * (its migration came with the exports: server/areas/order-exports/migrations).
 */
export interface SigningKeysTable {
  name: string;
  secret: Uint8Array;
  created_at: Timestamp;
}
