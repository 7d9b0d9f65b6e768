import { Kysely, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { testDatabase } from '../testing/test-app.ts';
import type { Database } from './schema.ts';
import { PGliteDialect } from './pglite-dialect.ts';

describe('the PGlite dialect’s one connection', () => {
  it('a query that waits too long for it fails, naming the holder, and the process goes on', async () => {
    const { pglite } = await testDatabase();
    // a dialect of its own over the worker's PGlite, with a short wait (no other query of this
    // worker runs meanwhile: a worker runs one test at a time)
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite!, 300) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // A transaction that asks the database outside it (not its `trx`): without the bound it
      // would wait for itself for ever, and every call after it with it.
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          return sql`select 2 as n`.execute(db);
        })
        .then(
          () => 'answered',
          (error: Error) => error.message,
        );
      expect(outcome).toBe("the embedded database's connection was not free within 300 ms");
      expect(String(logged.mock.calls[0]?.[1])).toContain('the connection was taken here');
      // the transaction ended (rolled back), so the connection is free again
      const after = await sql<{ n: number }>`select 3 as n`.execute(db);
      expect(after.rows).toEqual([{ n: 3 }]);
    } finally {
      logged.mockRestore();
      await db.destroy();
    }
  });

  it('queries wait their turn behind a transaction, and get it', async () => {
    const { pglite } = await testDatabase();
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite!, 5_000) });
    const order: string[] = [];
    let waiting: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      // asked while the transaction holds the connection, not awaited inside it
      waiting = sql`select 1`.execute(db).then(() => order.push('after it'));
      await sql`select 1`.execute(trx);
      order.push('transaction done');
    });
    await waiting;
    expect(order).toEqual(['transaction done', 'after it']);
    await db.destroy();
  });
});
