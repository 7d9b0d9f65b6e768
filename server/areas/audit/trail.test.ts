import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/database.ts';
import { appendMany, chainOf, factsOf } from '../../testing/audit-test-helpers.ts';
import { migratedMemoryDatabase } from '../../testing/pglite-template.ts';
import { testDatabase } from '../../testing/test-app.ts';
import { appendAudit, auditedTransaction, entryHash, GENESIS } from './trail.ts';
import { reportLine, verifyChains } from './verify.ts';

beforeAll(() => testDatabase());

describe('the audit trail', () => {
  it('chains each customer’s entries: places from 1, each hash over the one before, the tip in audit_heads', async () => {
    const { db } = await testDatabase();
    const [a, b] = [chainOf(), chainOf()];
    const at = new Date('2026-11-28T10:00:00.123Z');
    await auditedTransaction(db, at, async (_trx, audit) => {
      audit.record(factsOf(a, 'create'));
      audit.record(factsOf(b, 'create'));
      audit.record(factsOf(a, 'cancel', 'Wrong site'));
    });
    const rows = await db
      .selectFrom('audit_entries')
      .selectAll()
      .where('cu_id', 'in', [a, b])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.cu_id, r.seq, r.action])).toEqual([
      [a, 1, 'create'],
      [b, 1, 'create'],
      [a, 2, 'cancel'],
    ]);
    const [a1, b1, a2] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    expect([a1.prev_hash, b1.prev_hash, a2.prev_hash]).toEqual([GENESIS, GENESIS, a1.hash]);
    expect(a2.reason).toBe('Wrong site');
    expect(new Date(a2.at).toISOString()).toBe(at.toISOString());
    expect(a2.changes).toEqual(factsOf(a).changes);
    expect(a1.hash).toBe(
      entryHash(GENESIS, {
        cu_id: a,
        seq: 1,
        at: at.toISOString(),
        record_type: 'order',
        record_id: '42',
        action: 'create',
        actor_kind: 'user',
        actor_id: 7,
        actor_name: '张三',
        reason: null,
        changes: factsOf(a).changes ?? [],
        request_id: 'req-1',
      }),
    );
    expect(await db.selectFrom('audit_heads').selectAll().where('cu_id', '=', a).executeTakeFirst()).toEqual({
      cu_id: a,
      seq: 2,
      hash: a2.hash,
    });
    const report = await verifyChains(db, { cuId: a });
    expect(report).toEqual({ chains: 1, entries: 2, broken: null });
    expect(reportLine(report)).toBe('audit trail intact: 2 entries in 1 chains');
  });

  it('is written only inside a transaction, and goes with it when it rolls back', async () => {
    const { db } = await testDatabase();
    const cuId = chainOf();
    await expect(appendAudit(db, [factsOf(cuId)], new Date())).rejects.toThrow('inside the transaction');
    await expect(
      auditedTransaction(db, new Date(), async (_trx, audit) => {
        audit.record(factsOf(cuId));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await expect(
      db.transaction().execute(async (trx) => {
        await appendAudit(trx, [factsOf(cuId)], new Date());
        throw new Error('after the entry');
      }),
    ).rejects.toThrow('after the entry');
    expect(await db.selectFrom('audit_entries').select('id').where('cu_id', '=', cuId).execute()).toEqual([]);
  });

  it('refuses text the database would not keep as written (a lone surrogate, NUL): the hash would never match', async () => {
    const { db } = await testDatabase();
    const cuId = chainOf();
    for (const bad of ['\uD800 alone', 'nul \0 inside'])
      await expect(
        auditedTransaction(db, new Date(), async (_trx, audit) =>
          audit.record({ ...factsOf(cuId), reason: bad }),
        ),
      ).rejects.toThrow('cannot be stored as written');
    await appendMany(db, cuId, 1);
    expect(await verifyChains(db, { cuId })).toEqual({ chains: 1, entries: 1, broken: null });
  });

  it('is refused UPDATE, DELETE and TRUNCATE by the database', async () => {
    const { db } = await testDatabase();
    const cuId = chainOf();
    await appendMany(db, cuId, 1);
    await expect(
      db.updateTable('audit_entries').set({ actor_name: 'someone else' }).where('cu_id', '=', cuId).execute(),
    ).rejects.toThrow('the audit trail is append-only (UPDATE refused)');
    await expect(db.deleteFrom('audit_entries').where('cu_id', '=', cuId).execute()).rejects.toThrow(
      'the audit trail is append-only (DELETE refused)',
    );
    await expect(sql.raw('truncate audit_entries').execute(db)).rejects.toThrow('append-only');
    expect((await verifyChains(db, { cuId })).entries).toBe(1);
  });
});

describe('npm run audit:verify (verifyChains) against a superuser’s tampering', () => {
  // a database of its own: the tampering breaks its chains for good
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await migratedMemoryDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const tamper = async (statement: string) => {
    await sql.raw('alter table audit_entries disable trigger user').execute(database.db);
    await sql.raw(statement).execute(database.db);
    await sql.raw('alter table audit_entries enable trigger user').execute(database.db);
  };

  it('names the first entry whose content was changed, one that is missing, and a chain whose entries are gone', async () => {
    const { db } = database;
    const [edited, shortened, emptied] = [chainOf(), chainOf(), chainOf()];
    await appendMany(db, edited, 3);
    await appendMany(db, shortened, 3);
    await appendMany(db, emptied, 2);
    expect(await verifyChains(db)).toEqual({ chains: 3, entries: 8, broken: null });

    await tamper(`update audit_entries set actor_name = '李四' where cu_id = ${edited} and seq = 2`);
    const changed = await verifyChains(db, { cuId: edited });
    expect(changed.broken).toMatchObject({
      cuId: edited,
      seq: 2,
      why: 'its content does not match its hash',
    });
    expect(reportLine(changed)).toMatch(
      new RegExp(
        `^audit trail BROKEN at entry \\d+ \\(customer ${edited}, place 2\\): its content does not match its hash`,
      ),
    );

    await tamper(`delete from audit_entries where cu_id = ${shortened} and seq = 2`);
    expect((await verifyChains(db, { cuId: shortened })).broken).toMatchObject({
      seq: 3,
      why: 'expected place 2: an entry is missing',
    });

    await tamper(`delete from audit_entries where cu_id = ${emptied}`);
    expect((await verifyChains(db, { cuId: emptied })).broken).toMatchObject({
      cuId: emptied,
      why: 'the chain’s entries are gone',
    });
    // the whole trail: the first break in (customer, place) order (a chain with no entries left
    // shows only after every entry was read)
    expect((await verifyChains(db)).broken?.cuId).toBe(Math.min(edited, shortened));
  });

  it('finds the last entry removed (the tip no longer matches)', async () => {
    const { db } = database;
    const cuId = chainOf();
    await appendMany(db, cuId, 2);
    await tamper(`delete from audit_entries where cu_id = ${cuId} and seq = 2`);
    expect((await verifyChains(db, { cuId })).broken).toMatchObject({
      seq: 1,
      why: 'the chain’s tip is not its last entry',
    });
  });
});
