import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOf, factsOf } from '../../testing/audit-test-helpers.ts';
import { migratedPostgres, postgresServerUrl } from '../../testing/pg-database.ts';
import { auditedTransaction } from './trail.ts';
import { verifyChains } from './verify.ts';

/**
 * The audit trail on PostgreSQL, where transactions overlap (PGlite runs one at a time): appends to
 * one chain from many connections at once are numbered one after another and chain intact; the
 * triggers refuse changes there too.
 */
const serverUrl = postgresServerUrl();

let database: Awaited<ReturnType<typeof migratedPostgres>>;
beforeAll(async () => {
  database = await migratedPostgres(serverUrl);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('the audit trail on PostgreSQL', () => {
  it('numbers appends made at the same time one after another, in two chains, and they verify', async () => {
    const { db } = database;
    const [a, b] = [chainOf(), chainOf()];
    // each transaction first sleeps a little holding no chain lock, so they overlap
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        auditedTransaction(db, new Date(), async (trx, audit) => {
          await sql`select pg_sleep(0.01)`.execute(trx);
          audit.record(factsOf(i % 2 ? a : b, `edit-${i}`));
          if (i % 3 === 0) audit.record(factsOf(i % 2 ? b : a, `note-${i}`));
        }),
      ),
    );
    for (const cuId of [a, b]) {
      const seqs = (
        await db.selectFrom('audit_entries').select('seq').where('cu_id', '=', cuId).orderBy('seq').execute()
      ).map((r) => r.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      expect(await verifyChains(db, { cuId })).toEqual({ chains: 1, entries: seqs.length, broken: null });
    }
  });

  it('verifies a sound trail as sound while appends commit meanwhile (one snapshot)', async () => {
    const { db } = database;
    const cuId = chainOf();
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing || i < 5; i++)
        await auditedTransaction(db, new Date(), async (_trx, audit) =>
          audit.record(factsOf(cuId, `w-${i}`)),
        );
    })();
    const reports = [];
    for (let i = 0; i < 15; i++) reports.push(await verifyChains(db));
    writing = false;
    await writer;
    expect(reports.filter((r) => r.broken !== null)).toEqual([]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { db } = database;
    const cuId = chainOf();
    await auditedTransaction(db, new Date(), async (_trx, audit) => audit.record(factsOf(cuId)));
    await expect(
      db.updateTable('audit_entries').set({ reason: 'later' }).where('cu_id', '=', cuId).execute(),
    ).rejects.toThrow('append-only (UPDATE refused)');
    await expect(db.deleteFrom('audit_entries').where('cu_id', '=', cuId).execute()).rejects.toThrow(
      'append-only (DELETE refused)',
    );
    await expect(sql.raw('truncate audit_entries').execute(db)).rejects.toThrow('append-only');
    expect((await verifyChains(db, { cuId })).entries).toBe(1);
  });
});
