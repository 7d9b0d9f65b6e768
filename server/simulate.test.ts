import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseView } from '../src/contract/excursions/schemas.ts';
import { providerClient } from './areas/provider/client.ts';
import { DEMO_STABILITY_BANDS } from './seed/demo-excursions.ts';
import { Simulator } from './simulate.ts';
import { excursionWorld } from './testing/excursion-fixtures.ts';
import { signatureOf } from './testing/fixtures.ts';
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

  it('confirms, moves, records and signs its orders over simulated minutes, answers a request, opens a case within and one over budget, and closes a decided one', async () => {
    // a customer whose chilled product keeps the demo's budget (8–25 °C 72 h, never below 2 or above 25)
    const w = await excursionWorld(t, { bands: [...DEMO_STABILITY_BANDS] });
    const cuId = w.cuId;
    const shanghai = 310100;
    const beijing = 110100;
    // two orders on the road with the product: the first chilled ones, they have the planned excursions
    const shipping = () =>
      createOrder(t.deps.db, cuId, {
        status: 'not_finished',
        milestone: 'picked_up',
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
      });
    const warm = await shipping();
    const cold = await shipping();
    const waiting = await createOrder(t.deps.db, cuId, { from_city_id: shanghai, to_city_id: beijing });
    const asked = await createOrder(t.deps.db, cuId, { status: 'not_finished', milestone: 'in_transit' });
    await makeOldest(t.deps.db, [warm.id, cold.id, waiting.id, asked.id]);
    await t.deps.db
      .insertInto('order_modifications')
      .values({
        order_id: asked.id,
        kind: 'change',
        changes: JSON.stringify({ to_contact: '新联系人' }),
        reason: '换人',
      })
      .execute();
    const mine = new Set([warm.order_no, cold.order_no, waiting.order_no, asked.order_no]);
    // the portal's clock and the simulator's move together, a second per tick
    let now = Date.now();
    const log: string[] = [];
    const sim = new Simulator({
      call: providerClient({ url, secret: SECRET, clock: () => Math.floor(now / 1000) }),
      log: (l) => log.push(l),
      random: () => 0.1, // always accept, every step 24 s apart, no excursion but the two planned
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
      .where('id', 'in', [warm.id, cold.id, waiting.id, asked.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.status, r.milestone])).toEqual(Array(4).fill(['finished', 'delivered']));
    expect(rows[3]!.to_contact).toBe('新联系人');
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
    expect(log.some((l) => l.includes(`${asked.order_no} change request accepted`))).toBe(true);

    // one case each: the warm stretch within the product's budget, the freeze over it; goods on hold
    const cases = await t.deps.db
      .selectFrom('excursion_cases as c')
      .innerJoin('excursion_lines as l', 'l.case_id', 'c.id')
      .innerJoin('inventory as i', 'i.in_id', 'l.in_id')
      .select(['c.id', 'c.order_id', 'c.state', 'c.budget', 'c.peak', 'i.hold'])
      .where('c.order_id', 'in', [warm.id, cold.id, waiting.id, asked.id])
      .orderBy('c.order_id')
      .execute();
    expect(cases.map((c) => [c.order_id, c.state, c.budget, c.hold])).toEqual([
      [warm.id, 'open', 'within', 'on_hold'],
      [cold.id, 'open', 'over', 'on_hold'],
    ]);
    expect(Number(cases[0]!.peak)).toBeGreaterThan(8);
    expect(Number(cases[1]!.peak)).toBeLessThan(2);
    expect(sim.counts).toMatchObject({
      confirmed: 1,
      signed: 4,
      answered: 1,
      cases: 2,
      closed: 0,
      refused: 0,
    });

    // the person at the demo releases the warm one with a signature; the provider then closes it
    const id = cases[0]!.id;
    expect((await t.call('excursion/assign', { token: w.token, body: { id, uid: w.user.uid } })).code).toBe(
      0,
    );
    const decided = await t.call('excursion/decide', {
      token: w.token,
      body: { id, decision: 'release', reason: '在稳定性预算内', signature: signatureOf(w.user) },
    });
    expect(decided.code).toBe(0);
    for (let s = 0; s < 200 && sim.counts.closed === 0; s++) {
      now += 1000;
      await sim.tick(now);
    }
    const view = await t.call<CaseView>('excursion/view', { token: w.token, query: { id: String(id) } });
    expect(view.data.case).toMatchObject({ state: 'closed', decision: 'release' });
    expect(view.data.lines[0]).toMatchObject({ hold: 'none', on_hand: 10 });
    expect(sim.toClose).toBe(0);
    expect(sim.counts).toMatchObject({ cases: 2, closed: 1, refused: 0 });
    expect(log.some((l) => l.includes(`${view.data.case.case_no} release carried out: closed`))).toBe(true);
  }, 120_000);
});
