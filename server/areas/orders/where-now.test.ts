import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderList, OrderListRow } from '../../../src/contract/orders/schemas.ts';
import type { ProviderOrderState } from '../../../src/contract/provider/schemas.ts';
import { signIntegration } from '../../http/signature.ts';
import { createOrder, type FixtureOrderOptions } from '../../testing/order-fixtures.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { MASK } from './masking.ts';

beforeAll(() => testDatabase());

const SECRET = 'where-now-test-secret-51c0';
const HOUR = 60 * 60 * 1000;

/** A signed provider call, as the provider's systems make it. */
async function provider(t: TestApp, name: string, body: unknown) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  const res = await t.call<ProviderOrderState>(`provider/${name}`, {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signIntegration(SECRET, timestamp, raw),
    },
  });
  expect([res.code, res.message], `provider/${name}`).toEqual([0, 'ok']);
  return res.data;
}

/** A signed-in customer, its order (confirmed by the provider unless it stays pending) and the app's clock. */
async function setUp(order: FixtureOrderOptions = {}, confirm = true) {
  const t = await testApp({ integrationSecret: SECRET });
  const { token, cuId } = await signedIn(t);
  const made = await createOrder(t.deps.db, cuId, order);
  /** `hours` before the test's start, as ISO (one base time: the calls' own times move on). */
  const base = t.deps.now().getTime();
  const ago = (hours: number) => new Date(base - hours * HOUR).toISOString();
  if (confirm) {
    await provider(t, 'confirm', { order_no: made.order_no });
    // confirmed before anything the test posts happened
    await t.deps.db
      .updateTable('order_events')
      .set({ at: ago(24) })
      .where('order_id', '=', made.id)
      .where('kind', '=', 'confirmed')
      .execute();
  }
  const milestone = (milestone: string, hoursAgo: number, location = '') =>
    provider(t, 'milestone', { order_no: made.order_no, milestone, at: ago(hoursAgo), location });
  const rowOf = async (id = made.id): Promise<OrderListRow> => {
    const res = await t.call<OrderList>('customer-order/index', { token, query: { limit: '100' } });
    expect([res.code, res.message]).toEqual([0, 'ok']);
    const row = res.data.list.find((r) => r.id === id);
    expect(row, 'the order is listed').toBeDefined();
    return row as OrderListRow;
  };
  return { t, token, cuId, order: made, ago, milestone, rowOf };
}

describe('customer-order/index: where is it now', () => {
  it('names the newest tracking event and its place; other events are not tracking', async () => {
    const { t, order, ago, milestone, rowOf } = await setUp();
    await milestone('picked_up', 3, '上海市浦东新区 外高桥仓库');
    await milestone('in_transit', 2, '上海—北京 干线运输');
    // a remark after the last milestone is not news of where the goods are
    await t.deps.db
      .insertInto('order_events')
      .values({
        order_id: order.id,
        at: ago(1),
        kind: 'remark',
        actor_kind: 'customer',
        status_from: null,
        status_to: null,
        uid: null,
        location: '客户留言里的地址',
      })
      .execute();
    const row = await rowOf();
    expect(row.last_event).toEqual({ kind: 'in_transit', at: ago(2) });
    expect(row.where).toBe('上海—北京 干线运输');
    expect(row.at_risk).toBeNull();
  });

  it('keeps the last place named when the newest event names none, and never shows coordinates', async () => {
    const { t, order, ago, milestone, rowOf } = await setUp();
    await milestone('picked_up', 3, '上海市浦东新区 外高桥仓库');
    await milestone('in_transit', 2);
    await provider(t, 'track', {
      order_no: order.order_no,
      points: [{ at: ago(0.5), lat: 31.2304, lng: 121.4737 }],
    });
    const row = await rowOf();
    expect(row.last_event).toEqual({ kind: 'in_transit', at: ago(2) });
    expect(row.where).toBe('上海市浦东新区 外高桥仓库');
    expect(JSON.stringify(row)).not.toContain('31.23');
  });

  it('has no last event nor place before the provider confirmed, and the deliver-by time as the estimate', async () => {
    const t0 = Date.now();
    const deliverBy = new Date(t0 + 30 * HOUR).toISOString();
    const { rowOf } = await setUp(
      { pickup_at: new Date(t0 + 6 * HOUR).toISOString(), deliver_by: deliverBy },
      false,
    );
    const row = await rowOf();
    expect(row).toMatchObject({ last_event: null, where: '', eta: deliverBy, at_risk: null });
  });

  it('is late once now is past the deliver-by time, in transit or still pending', async () => {
    const deliverBy = new Date(Date.now() - 2 * HOUR).toISOString();
    const moving = await setUp({ deliver_by: deliverBy });
    await moving.milestone('picked_up', 5, '上海');
    expect((await moving.rowOf()).at_risk).toEqual({ reason: 'late', since: deliverBy });
    const pending = await setUp({ deliver_by: deliverBy }, false);
    expect((await pending.rowOf()).at_risk).toEqual({ reason: 'late', since: deliverBy });
  });

  it('estimates a late pickup’s arrival as its pickup plus the planned leg: late before the deliver-by time', async () => {
    const t0 = Date.now();
    // planned: picked up 10 h ago, delivered 4 h from now (a 14 h leg); picked up 1 h ago
    const deliverBy = new Date(t0 + 4 * HOUR).toISOString();
    const { ago, milestone, rowOf } = await setUp({
      pickup_at: new Date(t0 - 10 * HOUR).toISOString(),
      deliver_by: deliverBy,
    });
    await milestone('picked_up', 1, '上海');
    const row = await rowOf();
    expect(Date.parse(row.eta ?? '')).toBe(Date.parse(ago(1)) + 14 * HOUR);
    expect(row.at_risk).toEqual({ reason: 'late', since: deliverBy });
  });

  it('estimates goods not yet picked up after the wanted pickup as now plus the leg', async () => {
    const t0 = Date.now();
    const deliverBy = new Date(t0 + 10 * HOUR).toISOString();
    const { t, rowOf } = await setUp({
      pickup_at: new Date(t0 - 2 * HOUR).toISOString(),
      deliver_by: deliverBy,
    });
    const before = t.deps.now().getTime();
    const row = await rowOf();
    const eta = Date.parse(row.eta ?? '');
    // a 12 h leg that has not started yet
    expect(eta).toBeGreaterThanOrEqual(before + 12 * HOUR);
    expect(eta).toBeLessThan(t.deps.now().getTime() + 12 * HOUR + 1);
    expect(row.at_risk?.reason).toBe('late');
  });

  it('is on time while a pickup on time runs to plan: the estimate is the deliver-by time', async () => {
    const t0 = Date.now();
    const deliverBy = new Date(t0 + 10 * HOUR).toISOString();
    const { milestone, rowOf } = await setUp({
      pickup_at: new Date(t0 - 2 * HOUR).toISOString(),
      deliver_by: deliverBy,
    });
    await milestone('picked_up', 2.5, '上海');
    expect(await rowOf()).toMatchObject({ eta: deliverBy, at_risk: null });
  });

  it('is silent on the road after more than 6 hours without news; a track point is news', async () => {
    const deliverBy = new Date(Date.now() + 48 * HOUR).toISOString();
    const quiet = await setUp({ deliver_by: deliverBy });
    await quiet.milestone('picked_up', 9, '上海');
    await quiet.milestone('in_transit', 7, '上海—北京');
    expect((await quiet.rowOf()).at_risk).toEqual({ reason: 'silent', since: quiet.ago(7) });

    const pinging = await setUp({ deliver_by: deliverBy });
    await pinging.milestone('picked_up', 9, '上海');
    await pinging.milestone('in_transit', 7, '上海—北京');
    await provider(pinging.t, 'track', {
      order_no: pinging.order.order_no,
      points: [
        { at: pinging.ago(6.5), lat: 32.06, lng: 118.79 },
        { at: pinging.ago(1), lat: 34.26, lng: 117.18 },
      ],
    });
    const row = await pinging.rowOf();
    expect(row.at_risk).toBeNull();
    expect(row.last_event).toEqual({ kind: 'in_transit', at: pinging.ago(7) });

    const recent = await setUp({ deliver_by: deliverBy });
    await recent.milestone('picked_up', 5, '上海');
    expect((await recent.rowOf()).at_risk).toBeNull();
  });

  it('is not silent before the pickup: a confirmed order waits at the sender', async () => {
    const { ago, t, order, rowOf } = await setUp({
      deliver_by: new Date(Date.now() + 48 * HOUR).toISOString(),
    });
    await t.deps.db
      .updateTable('order_events')
      .set({ at: ago(20) })
      .where('order_id', '=', order.id)
      .execute();
    expect(await rowOf()).toMatchObject({ last_event: { kind: 'confirmed', at: ago(20) }, at_risk: null });
  });

  it('has no estimate nor risk once delivered and signed for, or cancelled', async () => {
    const deliverBy = new Date(Date.now() - 30 * HOUR).toISOString();
    const { t, order, ago, milestone, rowOf } = await setUp({ deliver_by: deliverBy });
    await milestone('picked_up', 40, '上海');
    await milestone('delivered', 20, '北京协和医院 药剂科');
    await provider(t, 'sign', {
      order_no: order.order_no,
      sign_name: '李药师',
      signed_at: ago(19.5),
      operator: '',
    });
    expect(await rowOf()).toMatchObject({
      last_event: { kind: 'signed', at: ago(19.5) },
      where: '北京协和医院 药剂科',
      eta: null,
      at_risk: null,
    });

    const cancelled = await setUp({ status: 'cancelled', deliver_by: deliverBy }, false);
    expect(await cancelled.rowOf()).toMatchObject({ eta: null, at_risk: null });
  });

  it('never shows the masked side’s place: its door and a place restating it read as its city', async () => {
    const city = 3_000_000 + Math.floor(Math.random() * 900_000);
    const dtp = await setUp({
      order_type: 'dtp',
      is_dtp: 1,
      to_goodstype: 1,
      to_contact: '王小明',
      to_address: '杭州市西湖区文三路幸福小区3栋101室',
    });
    await dtp.t.deps.db.insertInto('regions').values({ region_id: city, level: 2, name: '杭州市' }).execute();
    await dtp.t.deps.db
      .updateTable('orders')
      .set({ to_city_id: city })
      .where('id', '=', dtp.order.id)
      .execute();
    await dtp.milestone('picked_up', 5, '上海市浦东新区 外高桥仓库');
    expect((await dtp.rowOf()).where).toBe('上海市浦东新区 外高桥仓库');
    await dtp.milestone('in_transit', 4, '文三路幸福小区3栋附近');
    let row = await dtp.rowOf();
    expect(row.where).toBe('杭州市');
    await dtp.milestone('delivered', 3, '杭州市西湖区 患者家中');
    row = await dtp.rowOf();
    expect(row.where).toBe('杭州市');
    expect(JSON.stringify(row)).not.toContain('幸福小区');
    expect(row.where).not.toContain(MASK);
  });

  it('reads only the session customer’s orders', async () => {
    const mine = await setUp();
    await mine.milestone('picked_up', 1, '上海 本客户仓库');
    const other = await createOrder(mine.t.deps.db, (await signedIn(mine.t)).cuId);
    const res = await mine.t.call<OrderList>('customer-order/index', { token: mine.token });
    expect(res.data.list.map((r) => r.id)).toEqual([mine.order.id]);
    expect(res.data.list.map((r) => r.id)).not.toContain(other.id);
  });
});
