/** Types of postgres.mjs (a throw-away PostgreSQL cluster for tests and benchmarks). */
export function postgresBin(): string | null;
export function ensurePostgres(): string;
export interface ThrowawayPostgres {
  url: string;
  /** Stops the server, keeping its data (the database goes away). */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port and data. */
  resume(): Promise<void>;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}
export function startThrowawayPostgres(): Promise<ThrowawayPostgres>;
