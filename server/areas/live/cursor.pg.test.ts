import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../../db/database.ts';
import { createUser } from '../../testing/fixtures.ts';
import { migratedPostgres, postgresServerUrl } from '../../testing/pg-database.ts';
import { passOverEvents } from './cursor.ts';
import { appendEvents } from './outbox.ts';

/**
 * The outbox pass across two processes on PostgreSQL (two pools on one database): a customer whose
 * cursor another process holds is passed over at once, not waited for, and read once it is free.
 */
let first: Awaited<ReturnType<typeof migratedPostgres>>;
let second: OpenedDatabase;
beforeAll(async () => {
  first = await migratedPostgres(postgresServerUrl());
  second = await openDatabase({ databaseUrl: first.url });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('a pass over a customer’s events, on two processes', () => {
  it('leaves a customer whose cursor the other process holds (SKIP LOCKED), and reads it once free', async () => {
    const cuId = (await createUser(first.db)).customers[0]!.cu_id;
    const now = new Date();
    await first.db.transaction().execute(async (trx) => {
      await appendEvents(
        trx,
        [1, 2].map((n) => ({
          cuId,
          kind: 'draft',
          action: 'save',
          recordId: n,
          actor: { kind: 'system' as const, id: null, name: '' },
        })),
        now,
      );
      await trx.insertInto('webhook_cursors').values({ cu_id: cuId, seq: 0 }).execute();
    });
    const seen: number[] = [];
    const pass = () =>
      passOverEvents(
        second.db,
        { table: 'webhook_cursors', cuId, now, withinMs: 86_400_000 },
        async (_, events) => {
          seen.push(...events.map((e) => e.seq));
          return events.length;
        },
      );
    let release = () => {};
    const released = new Promise<void>((done) => {
      release = done;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((done) => {
      locked = done;
    });
    // the first process holds the cursor's row, as its own pass would
    const holding = first.db.transaction().execute(async (trx) => {
      await sql`select seq from webhook_cursors where cu_id = ${cuId} for update`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    expect(await pass()).toBe(0);
    expect(seen).toEqual([]);
    release();
    await holding;
    expect(await pass()).toBe(2);
    expect(seen).toEqual([1, 2]);
  });
});
