import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabase, unique } from '../testing/test-app.ts';

/** The dialect's cached prepared statements must answer exactly like plain queries. */
describe('PGlite prepared statements', () => {
  it('round-trips every parameter type the app uses, the first time and from the cache', async () => {
    const { db } = await testDatabase();
    const when = new Date('2026-11-22T03:04:05.678Z');
    const text = `药品 🚚 '; drop table users; -- ${unique()}`;
    for (let i = 0; i < 3; i++) {
      const row = await sql<{ t: string; n: number; b: boolean; d: Date; j: unknown; z: string | null }>`
        select ${text}::text as t, ${i}::int as n, ${i % 2 === 0}::boolean as b,
               ${when}::timestamptz as d, ${JSON.stringify(['admin', i])}::jsonb as j, ${null}::text as z`
        .execute(db)
        .then((r) => r.rows[0]);
      expect(row).toEqual({ t: text, n: i, b: i % 2 === 0, d: when, j: ['admin', i], z: null });
    }
  });

  it('reports affected rows and returning values on repeated writes', async () => {
    const { db } = await testDatabase();
    const name = unique('co');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const row = await db
        .insertInto('companies')
        .values({ co_name: `${name}-${i}` })
        .returning('co_id')
        .executeTakeFirstOrThrow();
      ids.push(row.co_id);
    }
    expect(new Set(ids).size).toBe(3);
    for (let i = 0; i < 2; i++) {
      const result = await db
        .updateTable('companies')
        .set({ co_name: `${name}-renamed` })
        .where('co_id', 'in', ids)
        .executeTakeFirst();
      expect(result.numUpdatedRows).toBe(3n);
    }
    const removed = await db
      .deleteFrom('companies')
      .where('co_name', '=', `${name}-renamed`)
      .executeTakeFirst();
    expect(removed.numDeletedRows).toBe(3n);
  });

  it('surfaces database errors with their code and keeps working afterwards', async () => {
    const { db } = await testDatabase();
    const identifier = unique('dup');
    const co = await db
      .insertInto('companies')
      .values({ co_name: identifier })
      .returning('co_id')
      .executeTakeFirstOrThrow();
    const insert = () =>
      db.insertInto('customers').values({ cu_name: 'x', identifier, co_id: co.co_id }).execute();
    await insert();
    await expect(insert()).rejects.toMatchObject({ code: '23505' });
    await expect(
      db
        .selectFrom('customers')
        .select('cu_id')
        .where('cu_id', '=', 'not a number' as never)
        .execute(),
    ).rejects.toMatchObject({ code: '22P02' });
    const rows = await db
      .selectFrom('customers')
      .select('identifier')
      .where('identifier', '=', identifier)
      .execute();
    expect(rows).toEqual([{ identifier }]);
  });

  it('rolls back a failed transaction that used cached statements', async () => {
    const { db } = await testDatabase();
    const name = unique('tx');
    await db
      .insertInto('companies')
      .values({ co_name: `${name}-warm` })
      .execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('companies').values({ co_name: name }).execute();
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const rows = await db.selectFrom('companies').select('co_id').where('co_name', '=', name).execute();
    expect(rows).toEqual([]);
  });

  it('prepares again when a table change alters what a cached statement returns', async () => {
    const { db } = await testDatabase();
    const table = unique('tmp_');
    await sql`create table ${sql.table(table)} (a integer)`.execute(db);
    try {
      await sql`insert into ${sql.table(table)} (a) values (${1})`.execute(db);
      const read = () =>
        sql`select * from ${sql.table(table)} where a = ${1}`.execute(db).then((r) => r.rows);
      expect(await read()).toEqual([{ a: 1 }]);
      await sql`alter table ${sql.table(table)} add column b text default 'x'`.execute(db);
      expect(await read()).toEqual([{ a: 1, b: 'x' }]);
    } finally {
      await sql`drop table ${sql.table(table)}`.execute(db);
    }
  });
});
