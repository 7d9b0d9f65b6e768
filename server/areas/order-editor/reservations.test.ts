import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { signatureOf } from '../../testing/fixtures.ts';
import { signIntegration } from '../../http/signature.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { create, movementsOf, readyToOrder, stockOf } from '../../testing/editor-test-helpers.ts';

beforeAll(() => testDatabase());

const SECRET = 'editor-reservations-secret-51c0';

/** A signed provider call, as the provider's systems make it. */
function provider(t: TestApp, name: string, body: unknown) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  return t.call<{ status: string; version: number }>(`provider/${name}`, {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signIntegration(SECRET, timestamp, raw),
    },
  });
}

/** What open orders hold of the stock follows them when they are cancelled, rejected or merged. */
describe('reservations of orders made in the editor', () => {
  it('are released when the order is cancelled', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const made = (await create(t, s.token, orderForm(s))).data;
    expect(await stockOf(t, s.stock.chilled.in_id)).toMatchObject({ reserved: 5 });
    const res = await t.call('customer-order/cancel', {
      token: s.token,
      body: { ids: [made.id], reason: '不需要了' },
    });
    expect(res.code).toBe(0);
    expect(await stockOf(t, s.stock.chilled.in_id)).toEqual({ quantity: 100, reserved: 0 });
    expect(await movementsOf(t, s.stock.chilled.in_id, made.id)).toEqual([
      { kind: 'reserve', delta: 5 },
      { kind: 'release', delta: -5 },
    ]);
  });

  it('are released when an approver rejects the order, and kept when it passes', async () => {
    const t = await testApp();
    const s = await readyToOrder(t, { requiresApproval: true, approver: true });
    const form = orderForm(s);
    const a = (await create(t, s.token, form)).data;
    const b = (await create(t, s.token, { ...form, remark: 'b' })).data;
    expect(await stockOf(t, s.stock.chilled.in_id)).toMatchObject({ reserved: 10 });
    const audit = (id: number, pass: boolean) =>
      t.call('customer-order/auditing', {
        token: s.token,
        body: { id, pass, reason: pass ? '' : '数量错误', version: 1, signature: signatureOf(s.user) },
      });
    expect((await audit(a.id, true)).code).toBe(0);
    expect((await audit(b.id, false)).code).toBe(0);
    expect(await stockOf(t, s.stock.chilled.in_id)).toMatchObject({ reserved: 5 });
  });

  it('are released when the provider accepts a request to cancel a confirmed order', async () => {
    const t = await testApp({ integrationSecret: SECRET });
    const s = await readyToOrder(t);
    const made = (await create(t, s.token, orderForm(s))).data;
    const confirmed = await provider(t, 'confirm', { order_no: made.order_no });
    expect(confirmed.code).toBe(0);
    const asked = await t.call('customer-order/apply-modify', {
      token: s.token,
      body: { id: made.id, kind: 'cancel', reason: '试验暂停', version: confirmed.data.version },
    });
    expect(asked.code).toBe(0);
    const request = await t.deps.db
      .selectFrom('order_modifications')
      .select('id')
      .where('order_id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(await stockOf(t, s.stock.chilled.in_id)).toMatchObject({ reserved: 5 });
    const answered = await provider(t, 'answer-modify', {
      order_no: made.order_no,
      id: request.id,
      accept: true,
    });
    expect(answered.data.status).toBe('cancelled');
    expect(await stockOf(t, s.stock.chilled.in_id)).toMatchObject({ reserved: 0 });
  });

  it('leave the depot when the provider picks the goods up (or signs for an order never picked up)', async () => {
    const t = await testApp({ integrationSecret: SECRET });
    const s = await readyToOrder(t);
    const form = orderForm(s);
    const picked = (await create(t, s.token, form)).data;
    const signed = (
      await create(t, s.token, { ...form, goods: [{ in_id: s.stock.chilled.in_id, quantity: 3 }] })
    ).data;
    expect(await stockOf(t, s.stock.chilled.in_id)).toEqual({ quantity: 100, reserved: 8 });
    for (const order of [picked, signed])
      expect((await provider(t, 'confirm', { order_no: order.order_no })).code).toBe(0);
    expect(await stockOf(t, s.stock.chilled.in_id), 'confirming moves nothing').toEqual({
      quantity: 100,
      reserved: 8,
    });

    const at = t.deps.now().toISOString();
    const pickup = await provider(t, 'milestone', { order_no: picked.order_no, milestone: 'picked_up', at });
    expect(pickup.code).toBe(0);
    expect(await stockOf(t, s.stock.chilled.in_id)).toEqual({ quantity: 95, reserved: 3 });
    const later = await provider(t, 'milestone', { order_no: picked.order_no, milestone: 'in_transit', at });
    expect(later.code).toBe(0);
    expect(await stockOf(t, s.stock.chilled.in_id), 'shipped once').toEqual({ quantity: 95, reserved: 3 });
    expect(await movementsOf(t, s.stock.chilled.in_id, picked.id)).toEqual([
      { kind: 'reserve', delta: 5 },
      { kind: 'release', delta: -5 },
      { kind: 'outbound', delta: -5 },
    ]);

    const sign = await provider(t, 'sign', { order_no: signed.order_no, sign_name: '王医生', signed_at: at });
    expect(sign.code).toBe(0);
    expect(await stockOf(t, s.stock.chilled.in_id)).toEqual({ quantity: 92, reserved: 0 });
  });

  it('move to the merged order, so the stock holds the same', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = orderForm(s);
    const a = (await create(t, s.token, form)).data;
    const b = (await create(t, s.token, { ...form, goods: [{ in_id: s.stock.chilled.in_id, quantity: 7 }] }))
      .data;
    expect(await stockOf(t, s.stock.chilled.in_id)).toMatchObject({ reserved: 12 });
    const merged = await t.call<{ id: number }>('customer-order/merge', {
      token: s.token,
      body: { ids: [a.id, b.id] },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(merged.code).toBe(0);
    expect(await stockOf(t, s.stock.chilled.in_id)).toMatchObject({ reserved: 12 });
    expect(await movementsOf(t, s.stock.chilled.in_id, merged.data.id)).toEqual([
      { kind: 'reserve', delta: 12 },
    ]);
    expect(await movementsOf(t, s.stock.chilled.in_id, a.id)).toEqual([
      { kind: 'reserve', delta: 5 },
      { kind: 'release', delta: -5 },
    ]);
    // the merged order, cancelled, frees it all
    await t.call('customer-order/cancel', {
      token: s.token,
      body: { ids: [merged.data.id], reason: '合并后取消' },
    });
    expect(await stockOf(t, s.stock.chilled.in_id)).toMatchObject({ reserved: 0 });
  });
});
