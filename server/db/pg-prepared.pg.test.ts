import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, postgresServerUrl } from '../testing/pg-database.ts';
import { type OpenedDatabase, openDatabase } from './database.ts';

/**
 * Kysely's queries on PostgreSQL run as named prepared statements (pg-prepared.ts): parsed once
 * per connection, planned from a cached plan, and prepared again when a table they read changed.
 */
const serverUrl = postgresServerUrl();

interface Things {
  things: { id: number; name: string; extra?: string };
}

let database: Awaited<ReturnType<typeof freshDatabase>>;
let opened: OpenedDatabase;
let db: Kysely<Things>;

beforeAll(async () => {
  database = await freshDatabase(serverUrl);
  opened = await openDatabase({ databaseUrl: database.url });
  db = opened.db as unknown as Kysely<Things>;
  await sql`create table things (id integer primary key, name text not null);
    insert into things select g, 'thing ' || g from generate_series(1, 20) g`.execute(db);
});

afterAll(async () => {
  await opened?.close();
  await database?.drop();
});

/** The named statements of the connection `conn` and how often each ran from a plan. */
const preparedOn = (conn: Kysely<Things>) =>
  sql<{ name: string; statement: string; runs: number }>`
    select name, statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
    where statement like '%"things"%' and statement not like '%pg_prepared_statements%'`
    .execute(conn)
    .then((r) => r.rows);

describe('prepared statements on PostgreSQL', () => {
  it('prepares a query once per connection and runs it again from its plan, whatever its values', async () => {
    await db.connection().execute(async (conn) => {
      for (let id = 1; id <= 8; id++) {
        const row = await conn.selectFrom('things').select('name').where('id', '=', id).executeTakeFirst();
        expect(row?.name).toBe(`thing ${id}`);
      }
      const prepared = await preparedOn(conn);
      expect(prepared).toHaveLength(1);
      expect(prepared[0]?.name).toMatch(/^lp_\d+$/);
      expect(prepared[0]?.statement).toBe('select "name" from "things" where "id" = $1');
      expect(prepared[0]?.runs).toBe(8);
    });
  });

  it('leaves text searches unnamed (their plan hangs on the pattern)', async () => {
    await db.connection().execute(async (conn) => {
      for (const word of ['thing 1', 'thing 2%', 'nothing']) {
        await conn.selectFrom('things').select('id').where('name', 'like', word).execute();
        await conn.selectFrom('things').select('id').where(sql<boolean>`strpos(name, ${word}) > 0`).execute();
      }
      const searches = (await preparedOn(conn)).filter((p) => /like|strpos/.test(p.statement));
      expect(searches).toEqual([]);
    });
  });

  it('runs scripts and statements without parameters as before', async () => {
    await sql`create table scratch (n integer); insert into scratch values (1), (2); drop table scratch`.execute(
      db,
    );
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from things`.execute(db);
    expect(rows[0]?.n).toBe(20);
  });

  it('prepares a statement again when a table it reads gained a column; in a transaction that one call fails', async () => {
    await db.connection().execute(async (conn) => {
      const read = () => conn.selectFrom('things').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
      expect(await read()).toEqual({ id: 3, name: 'thing 3' });
      await sql`alter table things add column extra text not null default 'x'`.execute(conn);
      // outside a transaction: answered at once, with the new column
      expect(await read()).toEqual({ id: 3, name: 'thing 3', extra: 'x' });

      await sql`alter table things drop column extra`.execute(conn);
      await expect(
        conn.transaction().execute(async (trx) => {
          await trx.selectFrom('things').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
        }),
      ).rejects.toThrow(/cached plan must not change result type/);
      // the next call prepares it again
      expect(await read()).toEqual({ id: 3, name: 'thing 3' });
    });
  });

  it('prepares nothing when turned off (a pooler in transaction mode)', async () => {
    const plain = await openDatabase({ databaseUrl: database.url, preparedStatements: false });
    try {
      const conn = plain.db as unknown as Kysely<Things>;
      await conn.connection().execute(async (c) => {
        for (let id = 1; id <= 3; id++) {
          const row = await c.selectFrom('things').select('name').where('id', '=', id).executeTakeFirst();
          expect(row?.name).toBe(`thing ${id}`);
        }
        expect(await preparedOn(c)).toEqual([]);
      });
    } finally {
      await plain.close();
    }
  });
});
