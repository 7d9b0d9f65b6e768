import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { currentRequest } from '../core/request-scope.ts';

/**
 * The tables that hold GxP records (21 CFR Part 11, EU GMP Annex 11): what a write to them must
 * leave in the audit trail (docs/decisions/audit-trail.md, "No write escapes").
 */
export const GXP_TABLES: ReadonlySet<string> = new Set([
  'orders',
  'order_goods',
  'order_boxes',
  'order_events',
  'order_readings',
  'order_track',
  'order_remarks',
  'order_modifications',
  'order_sources',
  'order_attachments',
  'inventory',
  'inventory_movements',
  'projects',
  'project_sites',
  'sites',
  'addresses',
  'customers',
  'users',
  'user_customers',
  'signatures',
  'stability_budgets',
  'excursion_cases',
  'excursion_lines',
  'excursion_notes',
  'session_policies',
]);

/** Refused by the guard: a GxP write that would commit without its audit entry. */
export class UnauditedWriteError extends Error {
  constructor(
    readonly opId: string,
    readonly tables: readonly string[],
    outside: boolean,
  ) {
    super(
      outside
        ? `${opId} wrote ${tables.join(', ')} outside a transaction, so no audit entry can go with it`
        : `${opId} would commit a write to ${tables.join(', ')} without an audit entry`,
    );
    this.name = 'UnauditedWriteError';
  }
}

/**
 * The tables a statement writes (insert, update, delete; in a CTE too), by its SQL; not a row lock
 * (`for update`, `for no key update`) nor an upsert's `do update`.
 */
const WRITE =
  /\b(?:insert\s+into|(?<!\b(?:for|key|do|on)\s+)update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const writtenBySql = new Map<string, readonly string[]>();

export function tablesWritten(sql: string): readonly string[] {
  let tables = writtenBySql.get(sql);
  if (!tables) {
    tables = [...new Set([...sql.matchAll(WRITE)].map((m) => (m[1] as string).toLowerCase()))];
    if (writtenBySql.size >= 4096) writtenBySql.clear();
    writtenBySql.set(sql, tables);
  }
  return tables;
}

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
const ROLLBACK = /^\s*rollback\s*$/i;

/**
 * A connection that watches what its transactions write. Inside an API call (core/request-scope.ts):
 * a statement that writes a GxP table outside a transaction is refused before it runs, and a
 * transaction that wrote one and inserted no audit entry is refused at its commit (and so rolled
 * back). Work outside a call (migrations, the demo seed, tests' fixtures, background jobs that
 * record their own entries) is not watched.
 */
class GuardedConnection implements DatabaseConnection {
  #inTransaction = false;
  #written = new Set<string>();
  #audited = false;

  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { sql } = compiled;
    if (BEGIN.test(sql)) {
      this.#inTransaction = true;
      this.#written.clear();
      this.#audited = false;
    } else if (COMMIT.test(sql) || ROLLBACK.test(sql)) {
      const scope = currentRequest();
      const unaudited = COMMIT.test(sql) && scope && this.#written.size > 0 && !this.#audited;
      this.#inTransaction = false;
      if (unaudited) {
        const tables = [...this.#written];
        this.#written.clear();
        return Promise.reject(new UnauditedWriteError(scope.opId, tables, false));
      }
      this.#written.clear();
    } else {
      const scope = currentRequest();
      const tables = scope ? tablesWritten(sql) : [];
      if (scope && tables.length) {
        const gxp = tables.filter((t) => GXP_TABLES.has(t));
        if (gxp.length && !this.#inTransaction)
          return Promise.reject(new UnauditedWriteError(scope.opId, gxp, true));
        return this.#watched(compiled, tables);
      }
    }
    return this.inner.executeQuery<R>(compiled);
  }

  /** Runs a writing statement; what it really changed (rows affected or returned) counts. */
  async #watched<R>(compiled: CompiledQuery, tables: readonly string[]): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled);
    const changed = (result.numAffectedRows ?? 0n) > 0n || result.rows.length > 0;
    // (a CTE's statement may write one table and return another's rows: it counts for each)
    if (changed)
      for (const table of tables) {
        if (table === 'audit_entries') this.#audited = true;
        else if (GXP_TABLES.has(table)) this.#written.add(table);
      }
    return result;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class GuardedDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init(): Promise<void> {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new GuardedConnection(await this.inner.acquireConnection());
  }
  beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // the inner driver sends `begin` through the connection it is given: ours, which sees it
    return this.inner.beginTransaction(conn, settings);
  }
  commitTransaction(conn: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(conn);
  }
  rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(conn);
  }
  releaseConnection(conn: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((conn as GuardedConnection).inner);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with every connection guarded (see GuardedConnection). */
export function auditGuarded(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new GuardedDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
