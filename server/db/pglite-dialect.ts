import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { forgetStatements, preparedQuery } from './pglite-prepared.ts';

/**
 * The longest a query waits for PGlite's one connection. Past it the wait fails (the call answers
 * 500) and the holder is named on stderr: a transaction that waits on a query of the database
 * outside it (not its `trx`) would otherwise hold every other call of the process for ever.
 */
export const CONNECTION_WAIT_MS = 20_000;

/**
 * Kysely dialect over one in-process PGlite instance. PGlite has a single connection, so
 * connections are handed out one at a time: a transaction holds the connection until it ends
 * and other queries wait their turn instead of running inside it (at most `waitMs`).
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly db: PGlite,
    private readonly waitMs = CONNECTION_WAIT_MS,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.db, this.waitMs);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private tail: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  /** Where the connection was last handed out (named when a wait for it runs out). */
  private holder: Error | undefined;
  /** Handed out, or promised to a query waiting for it. */
  private busy = false;

  constructor(
    db: PGlite,
    private readonly waitMs: number,
  ) {
    this.connection = new PGliteConnection(db);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.tail;
    const next = new Promise<void>((resolve) => {
      release = () => {
        if (this.tail === next) this.busy = false;
        resolve();
      };
    });
    this.tail = next;
    // free: taken at once, with no timer to set
    const waited = !this.busy || (await this.turn(previous));
    this.busy = true;
    if (!waited) {
      // given up: the turn is passed on as soon as it comes
      void previous.then(release);
      console.error(
        `[db] a query waited ${this.waitMs} ms for the embedded database's connection, held since:`,
        this.holder?.stack,
      );
      throw new Error(`the embedded database's connection was not free within ${this.waitMs} ms`);
    }
    this.holder = new Error('the connection was taken here');
    this.connection.release = release;
    return this.connection;
  }

  /** Whether `previous` let go within the wait. */
  private async turn(previous: Promise<void>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      previous.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.waitMs);
      }),
    ]);
    clearTimeout(timer);
    return waited;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    (conn as PGliteConnection).release?.();
  }

  async destroy(): Promise<void> {}
}

class PGliteConnection implements DatabaseConnection {
  release: (() => void) | undefined;
  constructor(private readonly db: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (compiled.parameters.length === 0 && compiled.sql.includes(';')) {
      // Several statements (migrations): only the simple-query protocol runs them.
      const results = await this.db.exec(compiled.sql);
      await forgetStatements(this.db);
      return { rows: (results.at(-1)?.rows ?? []) as R[] };
    }
    const result = await preparedQuery<R>(this.db, compiled.sql, compiled.parameters);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; streaming is not offered
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}
