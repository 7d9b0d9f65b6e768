import { beforeAll, describe, expect, it } from 'vitest';
import type { StockAttention } from '../../../src/contract/inventory/attention.ts';
import * as ops from '../../../src/contract/inventory/operations.ts';
import type { InventoryList } from '../../../src/contract/inventory/schemas.ts';
import type { Operation } from '../../../src/contract/operation.ts';
import type { Overview } from '../../../src/contract/orders/overview.ts';
import { callOp, createStockLine, customerSession } from '../../testing/master-data-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

/** A day `days` from the app's today, China's calendar (`yyyy-mm-dd`). */
const dayFrom = (t: TestApp, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(t.deps.now().getTime() + days * 86_400_000),
  );

async function overview(t: TestApp, token: string): Promise<Overview['inventory']> {
  const res = await t.call<Overview>('customer-order/overview', { token });
  expect([res.code, res.message]).toEqual([0, 'ok']);
  return res.data.inventory;
}

/** The ids of every line a stock list call answers (checked: one page holds them all) and its total. */
async function listed(
  t: TestApp,
  token: string,
  input: Record<string, unknown>,
  op: Operation = ops.stocksList,
) {
  const res = await callOp<InventoryList>(t, op, { limit: 100, ...input }, token);
  expect(res.code, res.message).toBe(0);
  expect(res.data.list).toHaveLength(res.data.total);
  return { ids: res.data.list.map((l) => l.in_id).sort((a, b) => a - b), total: res.data.total };
}

/** Lines of every goods type on both sides of each rule; the ids of those each rule selects. */
async function stock(t: TestApp, cuId: number) {
  const db = t.deps.db;
  const line = async (options: Parameters<typeof createStockLine>[2]) =>
    (await createStockLine(db, cuId, options)).in_id;
  const far = dayFrom(t, 400);
  const low = [
    await line({ goods_type: 1, quantity: 10, low_level: 10, expiry: far }), // at the level
    await line({ goods_type: 1, quantity: 8, reserved: 5, low_level: 10, expiry: far }), // 3 available
    await line({ goods_type: 2, quantity: 0, low_level: 1, expiry: far }), // nothing left
    await line({ goods_type: 3, quantity: 2, low_level: 5, expiry: null }),
  ];
  const expiring = [
    await line({ goods_type: 1, expiry: dayFrom(t, 30) }), // the last day
    await line({ goods_type: 1, expiry: dayFrom(t, -3) }), // expired, still on hand
    await line({ goods_type: 2, expiry: dayFrom(t, 0) }),
    await line({ goods_type: 3, expiry: dayFrom(t, 12), quantity: 6, reserved: 5 }),
  ];
  // both: low and expiring
  const both = await line({ goods_type: 2, quantity: 4, low_level: 4, expiry: dayFrom(t, 5) });
  // neither
  await line({ goods_type: 1, quantity: 11, low_level: 10, expiry: far }); // above its level
  await line({ goods_type: 1, quantity: 1, expiry: far }); // no level
  await line({ goods_type: 1, expiry: dayFrom(t, 31) });
  await line({ goods_type: 2, expiry: dayFrom(t, 2), quantity: 5, reserved: 5 }); // none available
  await line({ goods_type: 3, expiry: null });
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  return { low: sorted([...low, both]), expiring: sorted([...expiring, both]) };
}

describe('stock lists: attention (the home page’s low and expiring stock)', () => {
  it('lists exactly the lines the overview counts, per goods type, and none of another customer', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const mine = await stock(t, me.cuId);
    const theirs = await stock(t, other.cuId);
    for (const [who, lines] of [
      [me, mine],
      [other, theirs],
    ] as const) {
      const counted = await overview(t, who.token);
      for (const attention of ['low', 'expiring'] as const satisfies StockAttention[]) {
        const all = await listed(t, who.token, { attention });
        expect(all.ids, attention).toEqual(lines[attention]);
        expect(counted[attention].total, attention).toBe(all.total);
        // every entry the overview shows is a line of the list
        expect(all.ids).toEqual(expect.arrayContaining(counted[attention].items.map((i) => i.in_id)));
        // each goods type's number is what that type's page lists
        const pages = [
          { goods_type: 1, total: (await listed(t, who.token, { attention }, ops.stocksListDrugs)).total },
          { goods_type: 2, total: (await listed(t, who.token, { attention }, ops.stocksListSamples)).total },
          { goods_type: 3, total: (await listed(t, who.token, { attention, goods_type: 3 })).total },
        ];
        expect(counted[attention].by_goods_type).toEqual(pages.filter((p) => p.total > 0));
        for (const item of counted[attention].items) {
          const page = await listed(t, who.token, { attention, goods_type: item.goods_type });
          expect(page.ids).toContain(item.in_id);
        }
      }
    }
    // the other filters still apply on top
    expect((await listed(t, me.token, { attention: 'low', keyword: 'no such line' })).total).toBe(0);
  });

  it('refuses an unknown attention with the contract’s message', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    for (const op of [ops.stocksList, ops.stocksListDrugs, ops.stocksListSamples]) {
      const bad = await callOp(t, op, { attention: 'soon' }, me.token);
      expect(bad.code).toBe(422);
      expect(bad.message).toMatch(/one of low, expiring/);
    }
  });
});
