import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../src/contract/orders/domain.ts';
import type { OrderDetail, Remark } from '../../../src/contract/orders/schemas.ts';
import { type FixtureUser, signatureOf } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { MASK } from './masking.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';

beforeAll(() => testDatabase());

type Write = { id: number; version: number; status: OrderStatus };

/** The order's status, version, reason and events as stored (what a write really changed). */
async function stored(t: TestApp, id: number) {
  const db = t.deps.db;
  const order = await db
    .selectFrom('orders')
    .select(['status', 'version', 'cancel_reason', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const events = await db
    .selectFrom('order_events')
    .select(['kind', 'status_from', 'status_to', 'actor_kind', 'actor_name', 'reason', 'at'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  return { ...order, events };
}

describe('customer-order/cancel', () => {
  it('cancels open orders with the reason, an event each, a new version; nothing else', async () => {
    const t = await testApp();
    const { token, cuId, user } = await signedIn(t);
    const a = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const b = await createOrder(t.deps.db, cuId, { status: 'pending_confirm' });
    const before = await stored(t, a.id);
    t.advance(60_000);
    const res = await t.call('customer-order/cancel', {
      token,
      body: { ids: [b.id, a.id], reason: ' 项目暂停 ' },
    });
    expect([res.code, res.message]).toEqual([0, 'ok']);
    expect(res.data).toEqual({ ids: [a.id, b.id] });
    for (const [order, from] of [
      [a, 'pending_approval'],
      [b, 'pending_confirm'],
    ] as const) {
      const now = await stored(t, order.id);
      expect(now).toMatchObject({ status: 'cancelled', version: 2, cancel_reason: '项目暂停' });
      expect(now.updated_at.getTime() - before.updated_at.getTime()).toBeGreaterThanOrEqual(60_000);
      expect(now.events.at(-1)?.at).toEqual(now.updated_at);
      expect(now.events.at(-1)).toMatchObject({
        kind: 'cancelled',
        status_from: from,
        status_to: 'cancelled',
        actor_kind: 'customer',
        reason: '项目暂停',
      });
      expect(now.events.at(-1)?.actor_name).toContain(user.username.slice(2));
    }
    const detail = await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(a.id) } });
    expect(detail.data).toMatchObject({ status: 'cancelled', cancel_reason: '项目暂停', version: 2 });
    expect(detail.data.actions).toMatchObject({ cancel: false, upload: false });
  });

  it('refuses all when one order is no longer open (409), and changes none', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const open = await createOrder(t.deps.db, cuId, { status: 'pending_confirm' });
    const moving = await createOrder(t.deps.db, cuId, { status: 'not_finished' });
    const res = await t.call('customer-order/cancel', {
      token,
      body: { ids: [open.id, moving.id], reason: '不要了' },
    });
    expect(res.code).toBe(409);
    expect(res.message).toBe(
      `Only orders pending approval or confirmation can be cancelled: ${moving.order_no}`,
    );
    expect(await stored(t, open.id)).toMatchObject({
      status: 'pending_confirm',
      version: 1,
      cancel_reason: null,
    });
    expect((await stored(t, open.id)).events).toHaveLength(1);
    for (const status of ['finished', 'cancelled'] as const) {
      const order = await createOrder(t.deps.db, cuId, { status });
      expect(
        (await t.call('customer-order/cancel', { token, body: { ids: [order.id], reason: 'x' } })).code,
      ).toBe(409);
    }
  });

  it('answers 404 when one id is another customer’s, and changes nothing of either', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const other = await signedIn(t);
    const mine = await createOrder(t.deps.db, cuId);
    const theirs = await createOrder(t.deps.db, other.cuId);
    const res = await t.call('customer-order/cancel', {
      token,
      body: { ids: [mine.id, theirs.id], reason: '取消' },
    });
    expect([res.code, res.message]).toEqual([404, 'No such order']);
    expect(await stored(t, mine.id)).toMatchObject({ status: 'pending_confirm', version: 1 });
    expect(await stored(t, theirs.id)).toMatchObject({ status: 'pending_confirm', version: 1 });
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const order = await createOrder(t.deps.db, cuId);
    for (const body of [
      { ids: [order.id], reason: '   ' },
      { ids: [order.id] },
      { ids: [], reason: 'x' },
      { ids: [order.id, order.id], reason: 'x' },
      { ids: [order.id], reason: 'x'.repeat(501) },
      { ids: ['a'], reason: 'x' },
      { ids: [order.id], reason: 'x', extra: 1 },
    ]) {
      const res = await t.call('customer-order/cancel', { token, body });
      expect([JSON.stringify(body).slice(0, 40), res.code]).toEqual([JSON.stringify(body).slice(0, 40), 422]);
    }
    expect(await stored(t, order.id)).toMatchObject({ status: 'pending_confirm', version: 1 });
  });
});

describe('customer-order/auditing', () => {
  /** The approver's call, signed with their password unless the body says otherwise. */
  const audit = (t: TestApp, who: { token: string; user: FixtureUser }, body: Record<string, unknown>) =>
    t.call<Write | OrderDetail>('customer-order/auditing', {
      token: who.token,
      body: { signature: signatureOf(who.user), ...body },
    });

  it('lets an approver pass an order (→ pending_confirm) or reject it with a reason (→ cancelled)', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const { cuId } = me;
    const a = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const b = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const passed = await audit(t, me, { id: a.id, pass: true, version: 1 });
    expect([passed.code, passed.data]).toEqual([0, { id: a.id, status: 'pending_confirm', version: 2 }]);
    expect((await stored(t, a.id)).events.at(-1)).toMatchObject({
      kind: 'approved',
      status_from: 'pending_approval',
      status_to: 'pending_confirm',
    });

    const noReason = await audit(t, me, { id: b.id, pass: false, version: 1 });
    expect(noReason.code).toBe(422);
    expect(noReason.data).toEqual({ reason: 'A reason is required to reject an order' });
    const rejected = await audit(t, me, { id: b.id, pass: false, reason: '数量有误', version: 1 });
    expect(rejected.data).toEqual({ id: b.id, status: 'cancelled', version: 2 });
    expect(await stored(t, b.id)).toMatchObject({ cancel_reason: '数量有误' });
    expect((await stored(t, b.id)).events.at(-1)).toMatchObject({ kind: 'rejected', reason: '数量有误' });
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const { cuId } = me;
    const order = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const bodies: Array<Record<string, unknown>> = [
      { id: order.id, pass: 'yes', version: 1 },
      { id: order.id, pass: true },
      { id: order.id, pass: true, version: 0 },
      { id: order.id, pass: false, reason: 'x'.repeat(501), version: 1 },
      { pass: true, version: 1 },
      { id: order.id, pass: true, version: 1, status: 'finished' },
    ];
    for (const body of bodies) {
      const res = await audit(t, me, body);
      expect([JSON.stringify(body), res.code]).toEqual([JSON.stringify(body), 422]);
    }
    expect(await stored(t, order.id)).toMatchObject({ status: 'pending_approval', version: 1 });
  });

  it('answers 403 to a user without the approver right, 404 for another customer’s order', async () => {
    const t = await testApp();
    const plain = await signedIn(t);
    const approver = await signedIn(t, { approver: true });
    const order = await createOrder(t.deps.db, plain.cuId, { status: 'pending_approval' });
    const refused = await audit(t, plain, { id: order.id, pass: true, version: 1 });
    expect([refused.code, refused.message]).toEqual([403, 'You may not approve orders of this customer']);
    const foreign = await audit(t, approver, { id: order.id, pass: true, version: 1 });
    expect(foreign.code).toBe(404);
    expect(await stored(t, order.id)).toMatchObject({ status: 'pending_approval', version: 1 });
  });

  it('answers 409 with the current order for a stale version or an order no longer pending approval', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const { cuId } = me;
    const order = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    await t.deps.db
      .updateTable('orders')
      .set({ version: 3, remark: '已修改' })
      .where('id', '=', order.id)
      .execute();
    const stale = await audit(t, me, { id: order.id, pass: true, version: 2 });
    expect([stale.code, stale.message]).toEqual([
      409,
      'The order has changed meanwhile; here is its current state',
    ]);
    expect(stale.data).toMatchObject({
      id: order.id,
      version: 3,
      remark: '已修改',
      status: 'pending_approval',
    });
    expect(await stored(t, order.id)).toMatchObject({ status: 'pending_approval', version: 3 });

    const confirmed = await createOrder(t.deps.db, cuId, { status: 'pending_confirm' });
    const late = await audit(t, me, { id: confirmed.id, pass: false, reason: 'x', version: 1 });
    expect([late.code, late.message]).toEqual([409, 'This order is not pending approval']);
    expect(late.data).toMatchObject({ id: confirmed.id, status: 'pending_confirm' });
    expect(await stored(t, confirmed.id)).toMatchObject({ status: 'pending_confirm', version: 1 });
  });
});

describe('customer-order/remark', () => {
  it('adds a remark or feedback in any status, masked like the rest of the order', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const patient = unique('患者');
    const order = await createOrder(t.deps.db, cuId, { status: 'finished', is_dtp: 1, to_contact: patient });
    const res = await t.call<Remark>('customer-order/remark', {
      token,
      body: { id: order.id, text: `  ${patient}已签收，谢谢 `, kind: 'feedback' },
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ kind: 'feedback', text: `${MASK}已签收，谢谢` });
    const plain = await t.call<Remark>('customer-order/remark', {
      token,
      body: { id: order.id, text: '备注' },
    });
    expect(plain.data.kind).toBe('remark');
    const view = await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(order.id) } });
    expect(view.data.remarks.map((r) => r.text)).toEqual([`${MASK}已签收，谢谢`, '备注']);
    expect(await stored(t, order.id), 'a remark is not a transition').toMatchObject({ version: 1 });
  });

  it('answers 404 for another customer’s order and 422 for an empty or long text', async () => {
    const t = await testApp();
    const { token } = await signedIn(t);
    const other = await signedIn(t);
    const theirs = await createOrder(t.deps.db, other.cuId);
    expect((await t.call('customer-order/remark', { token, body: { id: theirs.id, text: 'hi' } })).code).toBe(
      404,
    );
    expect((await t.call('customer-order/remark', { token, body: { id: theirs.id, text: ' ' } })).code).toBe(
      422,
    );
    expect(
      (await t.call('customer-order/remark', { token, body: { id: theirs.id, text: 'x'.repeat(1001) } }))
        .code,
    ).toBe(422);
    const count = await t.deps.db
      .selectFrom('order_remarks')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('order_id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('customer-order/apply-modify and get-apply-info', () => {
  const modify = (t: TestApp, token: string, body: Record<string, unknown>) =>
    t.call<Write | OrderDetail>('customer-order/apply-modify', { token, body });
  const info = (t: TestApp, token: string, id: number) =>
    t.call<{ list: Array<Record<string, unknown>> }>('customer-order/get-apply-info', {
      token,
      query: { id: String(id) },
    });

  it('records one request at a time on a not-finished order; get-apply-info lists them, newest first', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const order = await createOrder(t.deps.db, cuId, { status: 'not_finished' });
    const deliverBy = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const first = await modify(t, token, {
      id: order.id,
      kind: 'change',
      changes: { deliver_by: deliverBy, remark: '改送达时间' },
      reason: '患者复诊改期',
      version: 1,
    });
    expect([first.code, first.data]).toEqual([0, { id: order.id, status: 'not_finished', version: 2 }]);
    expect((await stored(t, order.id)).events.at(-1)).toMatchObject({
      kind: 'modify_requested',
      reason: '患者复诊改期',
      status_to: 'not_finished',
    });

    const second = await modify(t, token, { id: order.id, kind: 'cancel', reason: '不需要了', version: 2 });
    expect([second.code, second.message]).toEqual([
      409,
      'This order already has a modification request waiting for an answer',
    ]);
    expect(second.data).toMatchObject({
      id: order.id,
      version: 2,
      modification: { status: 'pending', kind: 'change' },
    });

    await t.deps.db
      .updateTable('order_modifications')
      .set({ status: 'rejected', answer: '已发车', answered_at: new Date() })
      .where('order_id', '=', order.id)
      .execute();
    const third = await modify(t, token, { id: order.id, kind: 'cancel', reason: '不需要了', version: 2 });
    expect(third.data).toEqual({ id: order.id, status: 'not_finished', version: 3 });

    const res = await info(t, token, order.id);
    expect(res.code, res.message).toBe(0);
    expect(res.data.list).toMatchObject([
      { kind: 'cancel', status: 'pending', reason: '不需要了', changes: {}, answered_at: null },
      {
        kind: 'change',
        status: 'rejected',
        answer: '已发车',
        changes: { deliver_by: deliverBy, remark: '改送达时间' },
      },
    ]);
  });

  it('refuses other statuses and stale versions with 409 and the current order, unknown fields with 422', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    for (const status of ['pending_approval', 'pending_confirm', 'finished', 'cancelled'] as const) {
      const order = await createOrder(t.deps.db, cuId, { status });
      const res = await modify(t, token, { id: order.id, kind: 'cancel', reason: 'x', version: 1 });
      expect([status, res.code, res.message]).toEqual([
        status,
        409,
        'Only orders not yet finished can be modified',
      ]);
      expect(res.data).toMatchObject({ id: order.id, status });
    }
    const order = await createOrder(t.deps.db, cuId, { status: 'not_finished' });
    const stale = await modify(t, token, { id: order.id, kind: 'cancel', reason: 'x', version: 7 });
    expect([stale.code, (stale.data as OrderDetail).version]).toEqual([409, 1]);
    const odd = await modify(t, token, {
      id: order.id,
      kind: 'change',
      changes: { status: 'finished' },
      reason: 'x',
      version: 1,
    });
    expect([odd.code, odd.data]).toEqual([422, { 'changes.status': 'Unknown field "status"' }]);
    const empty = await modify(t, token, { id: order.id, kind: 'change', reason: 'x', version: 1 });
    expect([empty.code, empty.data]).toEqual([422, { changes: 'Please say what to change' }]);
    expect((await modify(t, token, { id: order.id, kind: 'cancel', version: 1 })).code).toBe(422);
    expect(await stored(t, order.id)).toMatchObject({ version: 1 });
    expect((await info(t, token, order.id)).data.list).toEqual([]);
  });

  it('masks the values of masked fields in requests, and answers 404 for another customer’s order', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const other = await signedIn(t);
    const order = await createOrder(t.deps.db, cuId, { status: 'not_finished', is_dtp: 1 });
    const res = await modify(t, token, {
      id: order.id,
      kind: 'change',
      changes: { to_phone: '13811112222', remark: '提前联系' },
      reason: '换号码',
      version: 1,
    });
    expect(res.code, res.message).toBe(0);
    const list = (await info(t, token, order.id)).data.list;
    expect(list[0]?.changes).toEqual({ to_phone: MASK, remark: '提前联系' });
    expect((await info(t, other.token, order.id)).code).toBe(404);
    expect(
      (await modify(t, other.token, { id: order.id, kind: 'cancel', reason: 'x', version: 2 })).code,
    ).toBe(404);
  });
});
