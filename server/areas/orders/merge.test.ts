import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../src/contract/orders/schemas.ts';
import { createOrder, createProject, type FixtureOrderOptions } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';

beforeAll(() => testDatabase());

const merge = (t: TestApp, token: string, ids: number[], key: string | null = randomUUID()) =>
  t.call<{ id: number; order_no: string }>('customer-order/merge', {
    token,
    body: { ids },
    ...(key === null ? {} : { headers: { 'Idempotency-Key': key } }),
  });

const view = async (t: TestApp, token: string, id: number) =>
  (await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(id) } })).data;

/** Options shared by orders that may be merged: one project, the same parties. */
async function alike(t: TestApp, cuId: number): Promise<FixtureOrderOptions> {
  const project = await createProject(t.deps.db, cuId);
  const id = unique();
  return {
    pr_id: project.pr_id,
    from_company: `中心仓库${id}`,
    from_address: '上海市浦东新区1号',
    to_company: `医院${id}`,
    to_address: '北京市东城区帅府园1号',
  };
}

const count = async (t: TestApp, table: 'orders' | 'order_events' | 'idempotency_keys', cuOrUid: number) => {
  const db = t.deps.db;
  const n = (row: { n: string | number | bigint }) => Number(row.n);
  if (table === 'idempotency_keys')
    return n(
      await db
        .selectFrom('idempotency_keys')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('uid', '=', cuOrUid)
        .executeTakeFirstOrThrow(),
    );
  if (table === 'orders')
    return n(
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('cu_id', '=', cuOrUid)
        .executeTakeFirstOrThrow(),
    );
  return n(
    await db
      .selectFrom('order_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('order_id', 'in', db.selectFrom('orders').select('id').where('cu_id', '=', cuOrUid))
      .executeTakeFirstOrThrow(),
  );
};

describe('customer-order/merge', () => {
  it('makes one new order of the goods (same line and batch summed) and boxes; the sources point to it', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const same = await alike(t, cuId);
    const line = {
      goods_type: 1,
      name: '试验药品A',
      code: 'IP-A',
      batch_no: 'B001',
      expiry: '2027-12-31',
      unit: '盒',
    };
    const a = await createOrder(t.deps.db, cuId, {
      ...same,
      status: 'pending_confirm',
      pickup_at: new Date('2026-07-02T01:00:00Z'),
      goods: [{ ...line, quantity: 10 }],
    });
    const b = await createOrder(t.deps.db, cuId, {
      ...same,
      status: 'pending_approval',
      pickup_at: new Date('2026-07-01T01:00:00Z'),
      goods: [
        { ...line, quantity: 5 },
        { ...line, batch_no: 'B002', quantity: 2 },
      ],
    });
    const res = await merge(t, token, [a.id, b.id]);
    expect([res.code, res.message]).toEqual([0, 'ok']);
    expect(res.data.order_no).toMatch(/^LP\d{14}$/);

    const merged = await view(t, token, res.data.id);
    expect(merged).toMatchObject({
      status: 'pending_approval',
      pr_id: same.pr_id,
      from_company: same.from_company,
      to_address: same.to_address,
      pickup_at: '2026-07-01T01:00:00.000Z',
      sources: [
        { id: a.id, order_no: a.order_no },
        { id: b.id, order_no: b.order_no },
      ],
    });
    expect(merged.goods.map((g) => [g.batch_no, g.quantity])).toEqual([
      ['B001', 15],
      ['B002', 2],
    ]);
    expect(merged.boxes).toHaveLength(2);
    expect(merged.events.map((e) => e.kind)).toEqual(['created', 'merged']);
    expect(merged.events[1]?.reason).toBe(`Merged from ${a.order_no}, ${b.order_no}`);

    for (const source of [a, b]) {
      const now = await view(t, token, source.id);
      expect(now).toMatchObject({
        status: 'cancelled',
        merged_into: res.data.id,
        merged_into_no: res.data.order_no,
        version: 2,
      });
      expect(now.events.at(-1)).toMatchObject({
        kind: 'merged_into',
        status_to: 'cancelled',
        reason: `Merged into ${res.data.order_no}`,
      });
    }
    const children = await t.call<{ list: Array<{ id: number }> }>('customer-order/child-list', {
      token,
      body: { id: res.data.id },
    });
    expect(children.data.list.map((o) => o.id)).toEqual([a.id, b.id]);
  });

  it('replays the first answer for the same key and body, and answers 422 for the key with another body', async () => {
    const t = await testApp();
    const { token, cuId, user } = await signedIn(t);
    const same = await alike(t, cuId);
    const [a, b, c] = [
      await createOrder(t.deps.db, cuId, same),
      await createOrder(t.deps.db, cuId, same),
      await createOrder(t.deps.db, cuId, same),
    ] as const;
    const key = randomUUID();
    const first = await merge(t, token, [a.id, b.id], key);
    expect(first.code, first.message).toBe(0);
    const orders = await count(t, 'orders', cuId);
    const events = await count(t, 'order_events', cuId);

    const again = await merge(t, token, [a.id, b.id], key);
    expect([again.code, again.data]).toEqual([0, first.data]);
    expect(await count(t, 'orders', cuId), 'no second order').toBe(orders);
    expect(await count(t, 'order_events', cuId)).toBe(events);

    const other = await merge(t, token, [a.id, c.id], key);
    expect([other.code, other.message]).toEqual([422, 'This Idempotency-Key was used with another request']);
    expect(await count(t, 'orders', cuId)).toBe(orders);
    expect(await count(t, 'idempotency_keys', user.uid)).toBe(1);

    // without a key, or a malformed one: 400, nothing done
    expect((await merge(t, token, [c.id, a.id], null)).code).toBe(400);
    const short = await merge(t, token, [c.id, a.id], 'abc');
    expect([short.code, short.message]).toEqual([
      400,
      'The Idempotency-Key header must be 8 to 128 visible characters',
    ]);
    expect(await count(t, 'orders', cuId)).toBe(orders);
  });

  it('answers two concurrent first calls with one key with the same single merge', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const same = await alike(t, cuId);
    const a = await createOrder(t.deps.db, cuId, same);
    const b = await createOrder(t.deps.db, cuId, same);
    const before = await count(t, 'orders', cuId);
    const key = randomUUID();
    const [one, two] = await Promise.all([
      merge(t, token, [a.id, b.id], key),
      merge(t, token, [a.id, b.id], key),
    ]);
    expect([one.code, two.code]).toEqual([0, 0]);
    expect(two.data).toEqual(one.data);
    expect(await count(t, 'orders', cuId)).toBe(before + 1);
  });

  it('keeps nothing of a refused merge: the key may be used again once the orders allow it', async () => {
    const t = await testApp();
    const { token, cuId, user } = await signedIn(t);
    const same = await alike(t, cuId);
    const a = await createOrder(t.deps.db, cuId, same);
    const b = await createOrder(t.deps.db, cuId, { ...same, status: 'not_finished' });
    const key = randomUUID();
    const refused = await merge(t, token, [a.id, b.id], key);
    expect([refused.code, refused.message]).toEqual([
      409,
      `Only orders pending approval or confirmation can be merged: ${b.order_no}`,
    ]);
    expect(await count(t, 'idempotency_keys', user.uid)).toBe(0);
    expect((await view(t, token, a.id)).status).toBe('pending_confirm');
    await t.deps.db.updateTable('orders').set({ status: 'pending_confirm' }).where('id', '=', b.id).execute();
    expect((await merge(t, token, [a.id, b.id], key)).code).toBe(0);
  });

  it('answers 422 naming the orders that differ and in what, in the caller’s language', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const same = await alike(t, cuId);
    const base = await createOrder(t.deps.db, cuId, same);
    const otherProject = await createProject(t.deps.db, cuId);
    const refusal = (others: string, fields: string) =>
      `Orders to merge must have the same project, addresses, temperature class and goods type: ${others} differ from ${base.order_no} in ${fields}`;
    for (const [differ, field] of [
      [{ pr_id: otherProject.pr_id }, 'project'],
      [{ to_address: '天津市和平区1号' }, 'recipient'],
      [{ from_company: '另一个仓库' }, 'sender'],
      [{ temp_class: 'frozen' as const }, 'temperature class'],
      [{ to_goodstype: 3 }, 'goods type'],
    ] as const) {
      const other = await createOrder(t.deps.db, cuId, { ...same, ...differ });
      const res = await merge(t, token, [base.id, other.id]);
      expect([field, res.code, res.message]).toEqual([field, 422, refusal(other.order_no, field)]);
      expect(res.data).toEqual({ ids: res.message });
      expect((await view(t, token, other.id)).status).toBe('pending_confirm');
    }
    // three orders: the two that differ are named, each field once, the alike one is not
    const twin = await createOrder(t.deps.db, cuId, same);
    const farther = await createOrder(t.deps.db, cuId, {
      ...same,
      pr_id: otherProject.pr_id,
      to_address: '天津',
    });
    const frozen = await createOrder(t.deps.db, cuId, { ...same, temp_class: 'frozen', to_address: '天津' });
    const ids = [base.id, twin.id, farther.id, frozen.id];
    const res = await merge(t, token, ids);
    expect(res.message).toBe(
      refusal(`${farther.order_no}, ${frozen.order_no}`, 'project, temperature class, recipient'),
    );
    const zh = await t.call('customer-order/merge', {
      token,
      body: { ids },
      headers: { 'Idempotency-Key': randomUUID(), 'Accept-Language': 'zh-CN' },
    });
    expect(zh.message).toBe(
      `合并的订单必须属于同一项目，且起止地址、温度类别和货物类型相同：${farther.order_no}, ${frozen.order_no} 与 ${base.order_no} 的项目、温度类别、收货方不同`,
    );
    expect((await view(t, token, base.id)).version).toBe(1);
  });

  it('answers 404 when an id is another customer’s, 422 for fewer than two ids; nothing changes', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const other = await signedIn(t);
    const same = await alike(t, cuId);
    const mine = await createOrder(t.deps.db, cuId, same);
    const theirs = await createOrder(t.deps.db, other.cuId, same);
    const before = await count(t, 'orders', cuId);
    expect((await merge(t, token, [mine.id, theirs.id])).code).toBe(404);
    expect((await merge(t, token, [mine.id])).code).toBe(422);
    expect((await merge(t, token, [mine.id, mine.id])).code).toBe(422);
    expect(await count(t, 'orders', cuId)).toBe(before);
    expect((await view(t, other.token, theirs.id)).status).toBe('pending_confirm');
  });
});
