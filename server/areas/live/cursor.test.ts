import { beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database.ts';
import { createUser } from '../../testing/fixtures.ts';
import { testDatabase } from '../../testing/test-app.ts';
import { drainCustomers, passOverEvents } from './cursor.ts';
import { appendEvents } from './outbox.ts';

/**
 * The outbox's consumers' pass (the notifier's and the webhooks dispatcher's): against the worker's
 * real PGlite, with a customer of its own per test and the webhooks' cursor table.
 */
let db: DB;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

const system = { kind: 'system' as const, id: null, name: '' };

/** A customer of its own with `n` events at `at` and a cursor at 0 (none when `cursor` is false). */
async function customerWith(n: number, at: Date, cursor = true): Promise<number> {
  const cuId = (await createUser(db)).customers[0]!.cu_id;
  if (n > 0)
    await db.transaction().execute((trx) =>
      appendEvents(
        trx,
        Array.from({ length: n }, (_, i) => ({
          cuId,
          kind: 'draft',
          action: 'save',
          recordId: i + 1,
          actor: system,
        })),
        at,
      ),
    );
  if (cursor) await db.insertInto('webhook_cursors').values({ cu_id: cuId, seq: 0 }).execute();
  return cuId;
}

const placeOf = async (cuId: number) =>
  (await db.selectFrom('webhook_cursors').select('seq').where('cu_id', '=', cuId).executeTakeFirst())?.seq;

const DAY = 86_400_000;

describe('a pass over a customer’s events', () => {
  it('hands on the events after the cursor in order, a page at a time, and moves the cursor past them', async () => {
    const now = new Date();
    const cuId = await customerWith(5, now);
    const seen: number[][] = [];
    const pass = () =>
      passOverEvents(
        db,
        { table: 'webhook_cursors', cuId, now, withinMs: DAY, page: 2 },
        async (_, events) => {
          seen.push(events.map((e) => e.seq));
          return events.length * 10;
        },
      );
    expect(await pass()).toBe(20);
    expect(await placeOf(cuId)).toBe(2);
    expect(await pass()).toBe(20);
    expect(await pass()).toBe(10);
    expect(await pass()).toBe(0);
    expect(seen).toEqual([[1, 2], [3, 4], [5]]);
    expect(await placeOf(cuId)).toBe(5);
  });

  it('does nothing for a customer without a cursor', async () => {
    const now = new Date();
    const cuId = await customerWith(2, now, false);
    let called = false;
    const made = await passOverEvents(
      db,
      { table: 'webhook_cursors', cuId, now, withinMs: DAY },
      async () => {
        called = true;
        return 1;
      },
    );
    expect([made, called]).toEqual([0, false]);
  });

  it('reads past events older than its window without handing them on', async () => {
    const now = new Date();
    const cuId = await customerWith(3, new Date(now.getTime() - 2 * DAY));
    let called = false;
    const made = await passOverEvents(
      db,
      { table: 'webhook_cursors', cuId, now, withinMs: DAY },
      async () => {
        called = true;
        return 1;
      },
    );
    expect([made, called, await placeOf(cuId)]).toEqual([0, false, 3]);
  });

  it('rolls back the work’s writes with the cursor when the work fails: the next pass reads the same events', async () => {
    const now = new Date();
    const cuId = await customerWith(2, now);
    const failing = passOverEvents(
      db,
      { table: 'webhook_cursors', cuId, now, withinMs: DAY },
      async (trx) => {
        await trx.insertInto('notify_cursors').values({ cu_id: cuId, seq: 99 }).execute();
        throw new Error('the work failed');
      },
    );
    await expect(failing).rejects.toThrow('the work failed');
    expect(await placeOf(cuId)).toBe(0);
    expect(await db.selectFrom('notify_cursors').selectAll().where('cu_id', '=', cuId).execute()).toEqual([]);
    const again: number[] = [];
    await passOverEvents(db, { table: 'webhook_cursors', cuId, now, withinMs: DAY }, async (_, events) => {
      again.push(...events.map((e) => e.seq));
      return 0;
    });
    expect(again).toEqual([1, 2]);
  });

  it('works on either consumer’s table, each with its own place', async () => {
    const now = new Date();
    const cuId = await customerWith(2, now);
    await db.insertInto('notify_cursors').values({ cu_id: cuId, seq: 1 }).execute();
    const seen: number[] = [];
    await passOverEvents(db, { table: 'notify_cursors', cuId, now, withinMs: DAY }, async (_, events) => {
      seen.push(...events.map((e) => e.seq));
      return 0;
    });
    expect(seen).toEqual([2]);
    expect(await placeOf(cuId)).toBe(0);
  });
});

describe('draining the customers behind', () => {
  it('passes over each customer until none is behind, and stops when a round makes nothing', async () => {
    const behind = new Map([
      [1, 3],
      [2, 1],
    ]);
    const passes: number[] = [];
    const made = await drainCustomers(
      async () => [...behind].filter(([, left]) => left > 0).map(([cuId]) => cuId),
      async (cuId) => {
        passes.push(cuId);
        behind.set(cuId, behind.get(cuId)! - 1);
        return 1;
      },
    );
    expect(made).toBe(4);
    expect(passes).toEqual([1, 2, 1, 1]);
    // a customer whose passes make nothing (another process holds it): one round, then the next wake
    let rounds = 0;
    expect(
      await drainCustomers(
        async () => {
          rounds += 1;
          return [7];
        },
        async () => 0,
      ),
    ).toBe(0);
    expect(rounds).toBe(1);
  });
});
