import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAnswer } from '../../../src/contract/provider/schemas.ts';
import { type Bus, openBus } from '../../core/bus.ts';
import { type OpenedDatabase, openDatabase } from '../../db/database.ts';
import { DEMO_STABILITY_BANDS } from '../../seed/demo-excursions.ts';
import {
  EXCURSION_SECRET,
  type ExcursionWorld,
  excursionWorld,
  postReadings,
  series,
} from '../../testing/excursion-fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { migratedPostgres, postgresServerUrl } from '../../testing/pg-database.ts';
import { type TestApp, testApp } from '../../testing/test-app.ts';
import { verifyChains } from '../audit/verify.ts';
import { assess } from './cases.ts';

/**
 * A case opens once (docs/decisions/excursions.md) on PostgreSQL, where two server processes
 * really run at once: two app instances on one database, each with a pool of its own, get the
 * same out-of-range readings of one order's logger at the same moment. The order's lock in the
 * readings' transaction makes them take turns; whichever comes second finds the case open.
 *
 * "At the same moment" is made sure of, not left to chance: a third connection holds the cases'
 * table until every call waits in the database (one for the table, the others for the order or
 * the first's readings), then lets go. Without the order's lock they would all judge the logger
 * at once, and the case would weigh only some of the readings.
 */
const serverUrl = postgresServerUrl();

let first: Awaited<ReturnType<typeof migratedPostgres>>;
let second: OpenedDatabase & { bus: Bus };
let a: TestApp;
let b: TestApp;
let w: ExcursionWorld;
beforeAll(async () => {
  first = await migratedPostgres(serverUrl);
  const opened = await openDatabase({ databaseUrl: first.url });
  second = { ...opened, bus: await openBus(opened, first.url) };
  a = await testApp({ integrationSecret: EXCURSION_SECRET }, { database: first });
  b = await testApp({ integrationSecret: EXCURSION_SECRET }, { database: second });
  // the same batch from both is then two signed requests (another X-Timestamp), as two processes
  // forwarding one provider batch each sign their own: the replay check lets both through
  b.advance(1000);
  w = await excursionWorld(a, { bands: [...DEMO_STABILITY_BANDS] });
}, 60_000);
afterAll(async () => {
  await second?.bus.close();
  await second?.close();
  await first?.close();
});

// 2–8 °C: 40 minutes at 9–12 °C, then back in
const WARM = [5, 9, 12, 11, 10, 6, 5];

/**
 * An order on the road with the world's goods and two loggers, the first of which had a long warm
 * stretch already (its own case): the order's excursion is high before the second's readings come,
 * so storing those changes nothing of the order row, and nothing but the order's lock orders the
 * calls that store them.
 */
async function shipmentOfTwo() {
  const id = Math.random().toString(36).slice(2, 10);
  const [earlier, loggerId] = [`LG-${id}-1`, `LG-${id}-2`];
  const order = await createOrder(a.deps.db, w.cuId, {
    status: 'not_finished',
    milestone: 'in_transit',
    pr_id: w.prId,
    goods: [
      {
        in_id: w.stock.in_id,
        goods_type: 1,
        name: w.stock.name,
        code: w.stock.code,
        batch_no: w.batch,
        expiry: '2028-06-30',
        quantity: 10,
        unit: '盒',
      },
    ],
    boxes: [earlier, loggerId].map((logger_id) => ({
      box_type: '2-8°C 保温箱 (M)',
      logger_id,
      weight_kg: 6.5,
    })),
  });
  const hot = await postReadings(
    a,
    order.order_no,
    earlier,
    series('2026-11-10T00:00:00Z', [5, ...Array(12).fill(20), 5]),
  );
  expect(hot.data).toMatchObject({ excursion: 'high' });
  return { ...order, loggerId };
}

/**
 * Runs the calls with `excursion_cases` held by another connection until all of them wait on a
 * lock in the database (or have answered), then lets them go on together.
 */
async function together<T>(calls: ReadonlyArray<() => Promise<T>>): Promise<T[]> {
  const blocker = new pg.Client({ connectionString: first.url });
  // who waits is read outside the blocker's transaction (a transaction sees one snapshot of it)
  const watcher = new pg.Client({ connectionString: first.url });
  await Promise.all([blocker.connect(), watcher.connect()]);
  try {
    await blocker.query('begin');
    await blocker.query('lock table excursion_cases in exclusive mode');
    let settled = false;
    const running = Promise.all(calls.map((call) => call())).finally(() => {
      settled = true;
    });
    for (let polls = 0; !settled; polls++) {
      const { rows } = await watcher.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n >= calls.length) break;
      if (polls > 5000) throw new Error(`only ${rows[0]!.n} of ${calls.length} calls reached the database`);
    }
    await blocker.query('commit');
    return await running;
  } finally {
    await Promise.all([blocker.end(), watcher.end()]);
  }
}

/** The order's cases, destination stock lines and `open` entries, as one set of figures. */
async function afterwards(orderId: number, loggerId: string) {
  const db = a.deps.db;
  const cases = await db
    .selectFrom('excursion_cases')
    .select(['id', 'seq', 'state', 'minutes_out', 'budget'])
    .where('order_id', '=', orderId)
    .where('logger_id', '=', loggerId)
    .execute();
  const lines = await db
    .selectFrom('inventory')
    .select(['in_id', 'hold', 'quantity'])
    .where('origin_order_id', '=', orderId)
    .execute();
  const caseLines = await db
    .selectFrom('excursion_lines')
    .select('in_id')
    .where('case_id', 'in', cases.map((c) => c.id).concat(0))
    .execute();
  const opened = await db
    .selectFrom('audit_entries')
    .select('id')
    .where('record_type', '=', 'excursion')
    .where('action', '=', 'open')
    .where('record_id', 'in', cases.map((c) => String(c.id)).concat('0'))
    .execute();
  return { cases, lines, caseLines, opened: opened.length };
}

describe('an excursion case opens once when two processes store the same readings at once', () => {
  it('out-of-range readings from both at once, several rounds: one case, one line, one entry, both answered 0', async () => {
    for (let round = 0; round < 6; round++) {
      const s = await shipmentOfTwo();
      const readings = series(`2026-11-2${round}T00:00:00Z`, WARM);
      // even rounds: the same batch from both (the readings' unique key has one wait for the
      // other); odd rounds: the batch split between them, so both store readings and judge the
      // logger at once, and only the order's lock makes the second see the first's case
      const [mine, theirs] =
        round % 2 === 0 ? [readings, readings] : [readings.slice(0, 4), readings.slice(4)];
      const answers = await together([
        () => postReadings(a, s.order_no, s.loggerId, mine),
        () => postReadings(b, s.order_no, s.loggerId, theirs),
      ]);
      expect(
        answers.map((r) => [r.code, r.message]),
        `round ${round}`,
      ).toEqual([
        [0, 'ok'],
        [0, 'ok'],
      ]);
      const data = answers.map((r) => r.data as StoredAnswer);
      expect(data.reduce((sum, d) => sum + d.stored, 0)).toBe(WARM.length);
      expect(data.filter((d) => d.case_no !== undefined)).toHaveLength(1);
      // the case weighs all the readings, whichever process stored them
      const after = await afterwards(s.id, s.loggerId);
      expect(after.cases, `round ${round}`).toEqual([
        expect.objectContaining({ seq: 1, state: 'open', minutes_out: 40, budget: 'within' }),
      ]);
      expect(after.lines).toEqual([expect.objectContaining({ hold: 'on_hold', quantity: '10.000' })]);
      expect(after.caseLines.map((l) => l.in_id)).toEqual([after.lines[0]!.in_id]);
      expect(after.opened).toBe(1);
    }
  });

  it('readings in reverse order and in overlapping batches from both at once come to the same one case', async () => {
    const s = await shipmentOfTwo();
    // two hours every 10 minutes: in range, 50 minutes warm (9–14 °C), in range again
    const all = series('2026-11-28T00:00:00Z', [5, 5, 6, 9, 11, 14, 13, 12, 10, 6, 5, 5]);
    const batches: Array<[TestApp, typeof all]> = [
      // the first process: the batches newest first
      [a, all.slice(8)],
      [a, all.slice(4, 8)],
      [a, all.slice(0, 4)],
      // the second: two batches overlapping each other and the first's
      [b, all.slice(6)],
      [b, all.slice(0, 7).reverse()],
    ];
    const answers = await together(
      batches.map(
        ([app, part]) =>
          () =>
            postReadings(app, s.order_no, s.loggerId, part),
      ),
    );
    expect(answers.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    // every reading stored once, whoever came first
    const stored = answers.reduce((sum, r) => sum + (r.data as StoredAnswer).stored, 0);
    expect(stored).toBe(all.length);
    expect(answers.filter((r) => (r.data as StoredAnswer).case_no !== undefined)).toHaveLength(1);
    const expected = assess(
      all.map((r) => ({ at: new Date(r.at), celsius: r.celsius })),
      { temp_class: 'chilled' },
    );
    const after = await afterwards(s.id, s.loggerId);
    expect(after.cases).toEqual([
      expect.objectContaining({ seq: 1, state: 'open', minutes_out: expected!.minutesOut, budget: 'within' }),
    ]);
    expect(after.lines).toHaveLength(1);
    expect(after.caseLines).toHaveLength(1);
    expect(after.opened).toBe(1);
    // the entries both processes appended form one sound chain
    expect((await verifyChains(a.deps.db, { cuId: w.cuId })).broken).toBeNull();
  });
});
