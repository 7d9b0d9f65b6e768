import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderOrderState, StoredAnswer } from '../../../src/contract/provider/schemas.ts';
import { signIntegration } from '../../http/signature.ts';
import { createUser } from '../../testing/fixtures.ts';
import { createOrder, makeOldest } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

const SECRET = 'provider-test-secret-7d2e10';
const app = () => testApp({ integrationSecret: SECRET });

/** A signed provider call, as the provider's own systems make it. */
function signed<T = ProviderOrderState>(
  t: TestApp,
  name: string,
  body: unknown,
  options: { secret?: string | null } = {},
) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-timestamp': timestamp };
  if (options.secret !== null)
    headers['x-signature'] = signIntegration(options.secret ?? SECRET, timestamp, raw);
  return t.call<T>(`provider/${name}`, { raw, headers });
}

async function orderIn(t: TestApp, status: Parameters<typeof createOrder>[2] = {}) {
  const u = await createUser(t.deps.db);
  const cuId = u.customers[0]!.cu_id;
  return { ...(await createOrder(t.deps.db, cuId, status)), cuId };
}

const row = (t: TestApp, id: number) =>
  t.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const events = (t: TestApp, id: number) =>
  t.deps.db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute();

describe('provider calls are signed', () => {
  it('refuse a missing or wrong signature (403) and change nothing', async () => {
    const t = await app();
    const o = await orderIn(t);
    expect((await signed(t, 'confirm', { order_no: o.order_no }, { secret: null })).code).toBe(403);
    expect((await signed(t, 'confirm', { order_no: o.order_no }, { secret: 'not-it' })).code).toBe(403);
    for (const name of ['milestone', 'readings', 'track', 'sign', 'answer-modify']) {
      expect((await signed(t, name, { order_no: o.order_no }, { secret: 'not-it' })).code, name).toBe(403);
    }
    expect(await row(t, o.id)).toMatchObject({ status: 'pending_confirm', version: 1 });
    expect(await events(t, o.id)).toHaveLength(1);
  });

  it('answer 404 for an unknown order number and 422 for a bad body', async () => {
    const t = await app();
    expect((await signed(t, 'confirm', { order_no: 'LP20260101999999' })).code).toBe(404);
    expect((await signed(t, 'confirm', { order_no: 'X1' })).code).toBe(422);
    const o = await orderIn(t, { status: 'not_finished' });
    const bad = await signed(t, 'milestone', { order_no: o.order_no, milestone: 'teleported', at: 'now' });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data as object).sort()).toEqual(['at', 'milestone']);
  });
});

describe('provider/confirm', () => {
  it('moves pending_confirm to not_finished with the confirmed milestone, an event and a new version', async () => {
    const t = await app();
    const o = await orderIn(t);
    const res = await signed(t, 'confirm', { order_no: o.order_no, operator: '调度 刘洋' });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      order_no: o.order_no,
      status: 'not_finished',
      milestone: 'confirmed',
      excursion: 'none',
      version: 2,
    });
    const after = await row(t, o.id);
    expect(after.updated_at.getTime()).toBeGreaterThan(after.created_at.getTime() - 1);
    const last = (await events(t, o.id)).at(-1)!;
    expect(last).toMatchObject({
      kind: 'confirmed',
      status_from: 'pending_confirm',
      status_to: 'not_finished',
      actor_kind: 'provider',
      actor_name: '调度 刘洋',
    });
  });

  it('refuses any other status with 409, the order in data, nothing changed', async () => {
    const t = await app();
    for (const status of ['pending_approval', 'not_finished', 'finished', 'cancelled'] as const) {
      const o = await orderIn(t, { status });
      const res = await signed(t, 'confirm', { order_no: o.order_no });
      expect([res.code, (res.data as ProviderOrderState).status], status).toEqual([409, status]);
      expect((await row(t, o.id)).version).toBe(1);
      expect(await events(t, o.id)).toHaveLength(1);
    }
  });
});

describe('provider/milestone', () => {
  it('posts the milestones in order while not_finished, each an event at its time and place', async () => {
    const t = await app();
    const o = await orderIn(t, { status: 'not_finished', milestone: 'confirmed' });
    const at = '2026-11-20T09:30:00+08:00';
    const res = await signed(t, 'milestone', {
      order_no: o.order_no,
      milestone: 'picked_up',
      at,
      location: '上海市浦东新区',
    });
    expect(res.data).toMatchObject({ milestone: 'picked_up', status: 'not_finished', version: 2 });
    const ev = (await events(t, o.id)).at(-1)!;
    expect(ev).toMatchObject({ kind: 'picked_up', location: '上海市浦东新区', actor_kind: 'provider' });
    expect(ev.at.toISOString()).toBe('2026-11-20T01:30:00.000Z');
    // skipping ahead is allowed; going back or repeating is not
    expect(
      (await signed(t, 'milestone', { order_no: o.order_no, milestone: 'out_for_delivery', at })).code,
    ).toBe(0);
    const back = await signed(t, 'milestone', { order_no: o.order_no, milestone: 'in_transit', at });
    expect([back.code, (back.data as ProviderOrderState).milestone]).toEqual([409, 'out_for_delivery']);
    t.advance(1000); // the same signed body within the same second would be a replay (403)
    const again = await signed(t, 'milestone', { order_no: o.order_no, milestone: 'out_for_delivery', at });
    expect(again.code).toBe(409);
    expect((await row(t, o.id)).version).toBe(3);
  });

  it('refuses an order that is not in progress (409)', async () => {
    const t = await app();
    for (const status of ['pending_confirm', 'finished', 'cancelled'] as const) {
      const o = await orderIn(t, { status });
      const res = await signed(t, 'milestone', {
        order_no: o.order_no,
        milestone: 'picked_up',
        at: '2026-11-20T09:30:00Z',
      });
      expect(res.code, status).toBe(409);
      expect(await row(t, o.id)).toMatchObject({ milestone: 'none', version: 1 });
    }
  });
});

describe('provider/readings', () => {
  const series = (start: string, values: number[]) =>
    values.map((celsius, i) => ({
      at: new Date(Date.parse(start) + i * 10 * 60_000).toISOString(),
      celsius,
    }));

  it("stores a logger's readings once each and raises the excursion with an event", async () => {
    const t = await app();
    const o = await orderIn(t, {
      status: 'not_finished',
      boxes: [{ box_type: '2-8°C 保温箱', logger_id: 'LG-R1', weight_kg: 5 }],
    });
    const calm = await signed<StoredAnswer>(t, 'readings', {
      order_no: o.order_no,
      logger_id: 'LG-R1',
      readings: series('2026-11-20T00:00:00Z', [4.1, 4.5, 5.0]),
    });
    expect(calm.data).toMatchObject({ stored: 3, excursion: 'none', version: 1 });
    // up to 14 °C (6 °C past the limit) for 70 minutes in a 2–8 °C box: a high excursion
    const warm = await signed<StoredAnswer>(t, 'readings', {
      order_no: o.order_no,
      logger_id: 'LG-R1',
      readings: series('2026-11-20T00:30:00Z', [9, 14, 12, 11, 10, 9.5, 9.2, 6]),
    });
    expect(warm.data).toMatchObject({ stored: 8, excursion: 'high' });
    expect((await row(t, o.id)).excursion).toBe('high');
    expect((await events(t, o.id)).at(-1)).toMatchObject({
      kind: 'reading_excursion',
      actor_kind: 'provider',
    });
    const repeat = await signed<StoredAnswer>(t, 'readings', {
      order_no: o.order_no,
      logger_id: 'LG-R1',
      readings: series('2026-11-20T00:00:00Z', [4.1]),
    });
    expect(repeat.data.stored).toBe(0);
    const n = await t.deps.db
      .selectFrom('order_readings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(11);
  });

  it("refuses a logger that is not the order's (422), more than 5000 readings (422), an open order (409)", async () => {
    const t = await app();
    const o = await orderIn(t, { status: 'finished' });
    const foreign = await signed(t, 'readings', {
      order_no: o.order_no,
      logger_id: 'LG-NOT-MINE',
      readings: series('2026-11-20T00:00:00Z', [5]),
    });
    expect(foreign.code).toBe(422);
    const many = await signed(t, 'readings', {
      order_no: o.order_no,
      logger_id: 'x',
      readings: Array.from({ length: 5001 }, () => ({ at: '2026-11-20T00:00:00Z', celsius: 5 })),
    });
    expect(many.code).toBe(422);
    const open = await orderIn(t, { status: 'pending_confirm', boxes: [] });
    const res = await signed(t, 'readings', {
      order_no: open.order_no,
      logger_id: 'LG-1',
      readings: series('2026-11-20T00:00:00Z', [5]),
    });
    expect(res.code).toBe(409);
    const stored = await t.deps.db
      .selectFrom('order_readings')
      .select('at')
      .where('order_id', 'in', [o.id, open.id])
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('provider/track', () => {
  it('stores the points of an order in progress, and refuses a finished one (409)', async () => {
    const t = await app();
    const o = await orderIn(t, { status: 'not_finished' });
    const points = [
      { at: '2026-11-20T01:00:00Z', lat: 31.2304, lng: 121.4737 },
      { at: '2026-11-20T01:05:00Z', lat: 31.2404, lng: 121.4837 },
    ];
    const res = await signed<StoredAnswer>(t, 'track', { order_no: o.order_no, points });
    expect(res.data).toMatchObject({ stored: 2, status: 'not_finished' });
    const rows = await t.deps.db.selectFrom('order_track').selectAll().where('order_id', '=', o.id).execute();
    expect(rows.map((r) => r.lat)).toEqual([31.2304, 31.2404]);
    const done = await orderIn(t, { status: 'finished' });
    expect((await signed(t, 'track', { order_no: done.order_no, points })).code).toBe(409);
    expect(
      (await signed(t, 'track', { order_no: o.order_no, points: [{ ...points[0], lat: 91 }] })).code,
    ).toBe(422);
  });
});

describe('provider/sign', () => {
  it('finishes an order in progress with the sign name and time', async () => {
    const t = await app();
    const o = await orderIn(t, { status: 'not_finished', milestone: 'out_for_delivery' });
    const res = await signed(t, 'sign', {
      order_no: o.order_no,
      sign_name: '李药师',
      signed_at: '2026-11-21T15:20:00+08:00',
    });
    expect(res.data).toMatchObject({ status: 'finished', milestone: 'delivered', version: 2 });
    const after = await row(t, o.id);
    expect(after.sign_name).toBe('李药师');
    expect(after.signed_at?.toISOString()).toBe('2026-11-21T07:20:00.000Z');
    expect((await events(t, o.id)).at(-1)).toMatchObject({
      kind: 'signed',
      status_from: 'not_finished',
      status_to: 'finished',
    });
    const again = await signed(t, 'sign', {
      order_no: o.order_no,
      sign_name: '别人',
      signed_at: '2026-11-21T16:00:00Z',
    });
    expect(again.code).toBe(409);
    expect((await row(t, o.id)).sign_name).toBe('李药师');
  });
});

describe('provider/answer-modify', () => {
  async function requested(t: TestApp, kind: 'change' | 'cancel', changes: Record<string, string> = {}) {
    const o = await orderIn(t, { status: 'not_finished', milestone: 'picked_up' });
    const m = await t.deps.db
      .insertInto('order_modifications')
      .values({ order_id: o.id, kind, changes: JSON.stringify(changes), reason: '患者改期' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...o, modId: m.id };
  }

  it('accepting a cancel request cancels the order', async () => {
    const t = await app();
    const o = await requested(t, 'cancel');
    const res = await signed(t, 'answer-modify', {
      order_no: o.order_no,
      id: o.modId,
      accept: true,
      answer: '已拦截',
    });
    expect(res.data).toMatchObject({ status: 'cancelled', version: 2 });
    expect(await row(t, o.id)).toMatchObject({ status: 'cancelled', cancel_reason: '患者改期' });
    const m = await t.deps.db
      .selectFrom('order_modifications')
      .selectAll()
      .where('id', '=', o.modId)
      .executeTakeFirstOrThrow();
    expect(m).toMatchObject({ status: 'accepted', answer: '已拦截' });
    expect(m.answered_at).not.toBeNull();
    expect((await events(t, o.id)).at(-1)).toMatchObject({
      kind: 'modify_accepted',
      status_from: 'not_finished',
      status_to: 'cancelled',
    });
    const twice = await signed(t, 'answer-modify', { order_no: o.order_no, id: o.modId, accept: false });
    expect(twice.code).toBe(409);
  });

  it('accepting a change applies it, bumps the version and refreshes the searchable text', async () => {
    const t = await app();
    const o = await requested(t, 'change', {
      to_contact: '周新联系人',
      deliver_by: '2026-11-25T10:00:00+08:00',
    });
    const res = await signed(t, 'answer-modify', { order_no: o.order_no, id: o.modId, accept: true });
    expect(res.data).toMatchObject({ status: 'not_finished', version: 2 });
    const after = await row(t, o.id);
    expect(after.to_contact).toBe('周新联系人');
    expect(after.deliver_by?.toISOString()).toBe('2026-11-25T02:00:00.000Z');
    expect(after.search_text).toContain('周新联系人');
    expect(after.search_text).not.toContain(o.to_contact.toLowerCase());
  });

  it('rejecting leaves the order as it was; a change naming another field is refused (422)', async () => {
    const t = await app();
    const o = await requested(t, 'change', { to_contact: '不会生效' });
    const res = await signed(t, 'answer-modify', {
      order_no: o.order_no,
      id: o.modId,
      accept: false,
      answer: '已出库',
    });
    expect(res.data).toMatchObject({ status: 'not_finished' });
    expect((await row(t, o.id)).to_contact).toBe(o.to_contact);
    expect((await events(t, o.id)).at(-1)).toMatchObject({ kind: 'modify_rejected', reason: '已出库' });

    const bad = await requested(t, 'change', { status: 'finished' });
    const refused = await signed(t, 'answer-modify', { order_no: bad.order_no, id: bad.modId, accept: true });
    expect(refused.code).toBe(422);
    expect(await row(t, bad.id)).toMatchObject({ status: 'not_finished', version: 1 });
    const still = await t.deps.db
      .selectFrom('order_modifications')
      .select('status')
      .where('id', '=', bad.modId)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');
  });

  it("answers 404 for another order's request and 409 once the order is no longer in progress", async () => {
    const t = await app();
    const a = await requested(t, 'cancel');
    const b = await orderIn(t, { status: 'not_finished' });
    expect((await signed(t, 'answer-modify', { order_no: b.order_no, id: a.modId, accept: true })).code).toBe(
      404,
    );
    await t.deps.db.updateTable('orders').set({ status: 'finished' }).where('id', '=', a.id).execute();
    const late = await signed(t, 'answer-modify', { order_no: a.order_no, id: a.modId, accept: true });
    expect([late.code, (late.data as ProviderOrderState).status]).toEqual([409, 'finished']);
  });
});

describe('provider/open-orders', () => {
  it('lists the orders waiting for confirmation or in progress with their loggers and open request', async () => {
    const t = await app();
    const waiting = await orderIn(t, { boxes: [{ box_type: 'M', logger_id: 'TL-OPEN-1', weight_kg: 5 }] });
    const moving = await orderIn(t, { status: 'not_finished', milestone: 'in_transit' });
    const done = await orderIn(t, { status: 'finished' });
    const approval = await orderIn(t, { status: 'pending_approval' });
    await makeOldest(t.deps.db, [waiting.id, moving.id]);
    const m = await t.deps.db
      .insertInto('order_modifications')
      .values({ order_id: moving.id, kind: 'change', changes: '{}', reason: '改期' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await signed<{ list: Array<{ order_no: string; loggers: string[]; modification: unknown }> }>(
      t,
      'open-orders',
      { limit: 500 },
    );
    expect(res.code).toBe(0);
    const byNo = new Map(res.data.list.map((o) => [o.order_no, o]));
    expect(byNo.get(waiting.order_no)).toMatchObject({ status: 'pending_confirm', loggers: ['TL-OPEN-1'] });
    expect(byNo.get(moving.order_no)).toMatchObject({
      milestone: 'in_transit',
      modification: { id: m.id, kind: 'change' },
    });
    expect(byNo.has(done.order_no)).toBe(false);
    expect(byNo.has(approval.order_no)).toBe(false);
    expect((await signed(t, 'open-orders', {}, { secret: null })).code).toBe(403);
  });
});
