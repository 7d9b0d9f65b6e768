import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderList } from '../../../src/contract/orders/schemas.ts';
import type { Overview } from '../../../src/contract/orders/overview.ts';
import * as ops from '../../../src/contract/orders/operations.ts';
import { operationsIn } from '../../../src/contract/operation.ts';
import { signatureOf } from '../../testing/fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { MASK } from './masking.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';

beforeAll(() => testDatabase());

const get = <T>(t: TestApp, token: string, path: string, id: number) =>
  t.call<T>(path, { token, query: { id: String(id) } });

async function ok<T>(t: TestApp, token: string, path: string, id: number): Promise<T> {
  const res = await get<T>(t, token, path, id);
  expect([path, res.code, res.message]).toEqual([path, 0, 'ok']);
  return res.data;
}

describe('the view’s sections (common/get-order-*)', () => {
  it('each answers its part of the whole order, masked as the view is', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const project = await createProject(db, cuId, { required_attachments: ['pod'] });
    const patient = unique('患者');
    const order = await createOrder(db, cuId, {
      pr_id: project.pr_id,
      is_dtp: 1,
      to_contact: patient,
      sign_name: patient,
      goods: [
        { goods_type: 1, name: '药品', quantity: 2, unit: '盒' },
        { goods_type: 3, name: '冰袋', quantity: 4, unit: '个' },
      ],
      boxes: [
        { box_type: 'M', weight_kg: 6.5 },
        { box_type: 'L', weight_kg: 10.25 },
      ],
    });
    await db
      .insertInto('order_events')
      .values({
        order_id: order.id,
        kind: 'picked_up',
        actor_kind: 'provider',
        uid: null,
        actor_name: '司机',
        location: '上海',
      })
      .execute();
    await db
      .insertInto('order_remarks')
      .values({ order_id: order.id, author: '客服', text: `${patient}要求上午送`, kind: 'feedback' })
      .execute();
    const detail = await ok<OrderDetail>(t, token, 'customer-order/view', order.id);

    const header = await ok<Record<string, unknown>>(t, token, 'common/get-order-view-data', order.id);
    expect(header).toMatchObject({
      id: order.id,
      order_no: order.order_no,
      to_contact: MASK,
      actions: detail.actions,
      masked: detail.masked,
    });
    const data = await ok<Record<string, unknown>>(t, token, 'common/get-order-data', order.id);
    const { goods, boxes, events, attachments, remarks, sources, ...rest } = detail;
    expect(data).toEqual(rest);
    expect(await ok(t, token, 'common/get-order-goods', order.id)).toEqual({ list: goods });
    expect(await ok(t, token, 'common/get-order-drug', order.id)).toEqual({
      list: goods.filter((g) => g.goods_type === 1),
    });
    expect(await ok(t, token, 'common/get-order-material', order.id)).toEqual({ list: [goods[1]] });
    expect(await ok(t, token, 'common/get-order-box', order.id)).toEqual({ list: boxes });
    expect(await ok(t, token, 'common/get-order-attach', order.id)).toEqual({
      list: attachments,
      required: ['pod'],
    });
    expect(await ok(t, token, 'common/get-order-feedback', order.id)).toEqual({ list: remarks });
    expect(remarks[0]?.text).toBe(`${MASK}要求上午送`);
    expect(await ok(t, token, 'common/get-order-handel', order.id)).toEqual({ list: events });
    expect(await ok(t, token, 'common/get-work-sheet', order.id)).toEqual({
      order_no: order.order_no,
      status: 'pending_confirm',
      milestone: 'none',
      temp_class: 'chilled',
      pickup_at: null,
      deliver_by: null,
      signed_at: null,
      sign_name: MASK,
      goods_lines: 2,
      box_count: 2,
      total_weight_kg: 16.75,
      steps: [{ kind: 'picked_up', at: events[1]!.at, actor_name: '司机', location: '上海' }],
    });
    expect(sources).toEqual([]);
  });
});

describe('customized-order/index and customer-order/destory-index', () => {
  it('list only custom or destroy orders, with their own counts and the list’s filters', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const custom = await createOrder(db, cuId, { order_type: 'custom' });
    const destroy = await createOrder(db, cuId, { order_type: 'destroy', status: 'finished' });
    await createOrder(db, cuId, { order_type: 'supply' });
    const customs = await t.call<OrderList>('customized-order/index', { token });
    expect(customs.data.list.map((o) => o.id)).toEqual([custom.id]);
    expect(customs.data.counts).toMatchObject({ all: 1, pending_confirm: 1, finished: 0 });
    const destroys = await t.call<OrderList>('customer-order/destory-index', {
      token,
      query: { status: 'finished' },
    });
    expect(destroys.data).toMatchObject({ total: 1, counts: { all: 1, finished: 1 } });
    expect(destroys.data.list.map((o) => o.id)).toEqual([destroy.id]);
    expect((await t.call('customized-order/index', { token, query: { order_type: 'supply' } })).code).toBe(
      422,
    );
  });
});

describe('scoping', () => {
  it('answers 404 to every order call naming another customer’s order, and changes nothing', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const other = await signedIn(t);
    const theirs = await createOrder(t.deps.db, other.cuId, { status: 'pending_approval' });
    const id = theirs.id;
    const bodies: Record<string, unknown> = {
      'customer-order/cancel': { ids: [id], reason: 'x' },
      'customer-order/merge': { ids: [id, theirs.id + 100_000] },
      'customer-order/auditing': { id, pass: true, version: 1, signature: signatureOf(me.user) },
      'customer-order/remark': { id, text: 'x' },
      'customer-order/apply-modify': { id, kind: 'cancel', reason: 'x', version: 1 },
      'customer-order/child-list': { id },
    };
    // every call but the lists and the overview (the customer's own, no id) names an order
    const withId = operationsIn(ops).filter(
      (op) => !op.path.endsWith('index') && op.path !== 'customer-order/overview',
    );
    expect(withId.length).toBeGreaterThanOrEqual(20);
    for (const op of withId) {
      const res =
        op.method === 'GET'
          ? await get(t, me.token, op.path, id)
          : await t.call(op.path, {
              token: me.token,
              body: bodies[op.path],
              headers: { 'Idempotency-Key': unique('key-') },
            });
      expect([op.id, res.code, res.data]).toEqual([op.id, 404, null]);
    }
    const row = await t.deps.db
      .selectFrom('orders')
      .select(['status', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending_approval', version: 1 });
    for (const path of ['customer-order/index', 'customized-order/index', 'customer-order/destory-index']) {
      expect((await t.call<OrderList>(path, { token: me.token })).data.total).toBe(0);
    }
    const overview = await t.call<Overview>('customer-order/overview', { token: me.token });
    expect([overview.data.counts.all, overview.data.actions.approvals]).toEqual([0, { total: 0, items: [] }]);
  });
});
