/** Types of postgres.mjs (a throw-away PostgreSQL cluster for tests and benchmarks). */
export function postgresBin(): string | null;
export function ensurePostgres(): string;
export function startThrowawayPostgres(): Promise<{ url: string; stop(): Promise<void> }>;
