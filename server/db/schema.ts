import type { Timestamp } from './columns.ts';

/**
 * The database as Kysely sees it. Each area declares its own tables in
 * `server/areas/<area>/tables.ts` by augmenting this interface (`declare module`), so adding an
 * area adds its tables without editing a list here. Only the tables of the HTTP layer itself
 * are declared here.
 */
export interface Database {
  rate_limits: RateLimitsTable;
}

/** Fixed-window counters of the rate limits (server/http/rate-limit.ts). */
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}
