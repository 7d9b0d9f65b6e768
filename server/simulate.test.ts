import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerClient } from './areas/provider/client.ts';
import { Simulator } from './simulate.ts';
import { createUser } from './testing/fixtures.ts';
import { createOrder, makeOldest } from './testing/order-fixtures.ts';
import { type ServedTestApp, serveTestApp, type TestApp, testApp, testDatabase } from './testing/test-app.ts';

beforeAll(() => testDatabase());

const SECRET = 'simulate-test-secret-51c';

describe('npm run simulate against a running portal', () => {
  let t: TestApp;
  let served: ServedTestApp;
  let url = '';
  beforeAll(async () => {
    t = await testApp({ integrationSecret: SECRET });
    served = await serveTestApp(t);
    url = served.url;
  });
  afterAll(() => served.close());

  it('confirms, moves, records and signs its orders over simulated minutes, and answers a request', async () => {
    const u = await createUser(t.deps.db);
    const cuId = u.customers[0]!.cu_id;
    const shanghai = 310100;
    const beijing = 110100;
    const waiting = await createOrder(t.deps.db, cuId, { from_city_id: shanghai, to_city_id: beijing });
    const asked = await createOrder(t.deps.db, cuId, { status: 'not_finished', milestone: 'in_transit' });
    await makeOldest(t.deps.db, [waiting.id, asked.id]);
    await t.deps.db
      .insertInto('order_modifications')
      .values({
        order_id: asked.id,
        kind: 'change',
        changes: JSON.stringify({ to_contact: '新联系人' }),
        reason: '换人',
      })
      .execute();
    const mine = new Set([waiting.order_no, asked.order_no]);
    // the portal's clock and the simulator's move together, a second per tick
    let now = Date.now();
    const log: string[] = [];
    const sim = new Simulator({
      call: providerClient({ url, secret: SECRET, clock: () => Math.floor(now / 1000) }),
      log: (l) => log.push(l),
      random: () => 0.1, // always accept, every step 24 s apart, no excursion
      only: (o) => mine.has(o.order_no),
    });
    await sim.refresh(now);
    expect(sim.moving.map((o) => o.order_no).sort()).toEqual([...mine].sort());
    for (let s = 0; s < 240 && sim.moving.length > 0; s++) {
      now += 1000;
      await sim.tick(now);
    }
    const rows = await t.deps.db
      .selectFrom('orders')
      .select(['id', 'status', 'milestone', 'to_contact', 'excursion'])
      .where('id', 'in', [waiting.id, asked.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.status, r.milestone])).toEqual([
      ['finished', 'delivered'],
      ['finished', 'delivered'],
    ]);
    expect(rows[1]!.to_contact).toBe('新联系人');
    const kinds = await t.deps.db
      .selectFrom('order_events')
      .select('kind')
      .where('order_id', '=', waiting.id)
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual([
      'created',
      'confirmed',
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
      'signed',
    ]);
    const readings = await t.deps.db
      .selectFrom('order_readings')
      .select('celsius')
      .where('order_id', '=', waiting.id)
      .execute();
    expect(readings.length).toBeGreaterThan(10);
    expect(readings.every((r) => Number(r.celsius) >= 2 && Number(r.celsius) <= 8)).toBe(true);
    const track = await t.deps.db
      .selectFrom('order_track')
      .select(['lat', 'lng'])
      .where('order_id', '=', waiting.id)
      .execute();
    expect(track.length).toBeGreaterThan(2);
    expect(sim.counts).toMatchObject({ confirmed: 1, signed: 2, answered: 1, refused: 0 });
    expect(log.some((l) => l.includes(`${asked.order_no} change request accepted`))).toBe(true);
  }, 120_000);
});
