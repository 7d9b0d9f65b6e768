import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { auditGuarded } from './audit-guard.ts';
import { usePreparedStatements } from './pg-prepared.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (its notifications: core/bus.ts). */
  pglite?: PGlite;
  close(): Promise<void>;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir` (or memory). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** A data folder's tarball (PGlite's `dumpDataDir`) to start from: tests' migrated template. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL only: run Kysely's queries as named prepared statements (default true); false for a
   * pooler in transaction mode that cannot keep them (`DATABASE_PREPARED_STATEMENTS=off`).
   */
  preparedStatements?: boolean;
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // While the server is away a call fails fast (503) instead of waiting for a connection.
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    // An idle connection the server closed (a restart, a failover) is dropped from the pool and
    // reported here; without a listener it would end the process. The next query connects anew.
    pool.on('error', (error) => {
      console.warn(`[database] an idle connection was lost: ${error.message}`);
    });
    // pg-pool listens for errors only on idle connections: a connection checked out (a request's
    // transaction between two statements, or between its acquiring and its first query) that the
    // server ends ("terminating connection due to administrator command" at a restart) would emit
    // an 'error' nobody hears, which ends the process. Each connection has a listener of its own
    // for its whole life: the request's next statement fails ("not queryable": a 503) and the pool
    // drops the connection when it comes back.
    pool.on('connect', (client) => {
      client.on('error', ignoreConnectionError);
    });
    // Kysely's queries run as named prepared statements (parsed and planned once per connection),
    // unless a pooler in transaction mode without prepared-statement support sits in between.
    if (options.preparedStatements !== false) pool.on('connect', usePreparedStatements);
    const db = new Kysely<Database>({ dialect: auditGuarded(new PostgresDialect({ pool })) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm and btree_gin: the order list's keyword search (a trigram index over the searchable
  // text that leads with the customer).
  const extensions = { pg_trgm, btree_gin };
  const pglite = await PGlite.create({
    extensions,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // every write to a GxP record inside an API call commits with its audit entry, or not at all
  const db = new Kysely<Database>({ dialect: auditGuarded(new PGliteDialect(pglite)) });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** (pg-pool reports the loss of an idle connection; the request that held a busy one gets its error) */
function ignoreConnectionError(): void {}

/** SQLSTATE classes and codes that mean "the database is not there right now", not "the query is wrong". */
const UNAVAILABLE_STATES = /^(08|57P0[1-3]|53300)/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client was closed|Client has encountered a connection error/i;

/**
 * True when `error` says the database server cannot be reached (down, restarting, refusing
 * connections): the call may work again in a moment (HTTP 503), unlike a faulty query (500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNO.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
