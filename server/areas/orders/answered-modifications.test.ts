import { beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../../src/contract/orders/overview.ts';
import type { OrderList } from '../../../src/contract/orders/schemas.ts';
import { loginAs } from '../../testing/fixtures.ts';
import { createOrder, type FixtureOrderOptions } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { modificationRequest, signedIn } from '../../testing/order-test-helpers.ts';

beforeAll(() => testDatabase());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function overview(t: TestApp, token: string): Promise<Overview['actions']['modifications']> {
  const res = await t.call<Overview>('customer-order/overview', { token });
  expect([res.code, res.message]).toEqual([0, 'ok']);
  return res.data.actions.modifications;
}

/** The list with `query` (one page holds every row, checked): the ids, sorted, and the answer. */
async function listed(t: TestApp, token: string, query: Record<string, string>) {
  const res = await t.call<OrderList>('customer-order/index', { token, query: { ...query, limit: '100' } });
  expect([res.code, res.message]).toEqual([0, 'ok']);
  expect(res.data.list).toHaveLength(res.data.total);
  return { ids: res.data.list.map((o) => o.id).sort((a, b) => a - b), ...res.data };
}

/**
 * Orders of customer `cuId` on both sides of the rule, answered relative to `now`: the ids of
 * those it selects, sorted, and the order answered twice with its newest answer.
 */
async function orders(t: TestApp, cuId: number, now: Date) {
  const db = t.deps.db;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const order = async (options: FixtureOrderOptions) => (await createOrder(db, cuId, options)).id;
  // two answers of one order: counted once
  const twice = await order({ status: 'not_finished' });
  await modificationRequest(db, twice, 'accepted', ago(DAY));
  const newest = await modificationRequest(db, twice, 'rejected', ago(2 * 60 * MINUTE));
  const cancelled = await order({ status: 'cancelled' });
  await modificationRequest(db, cancelled, 'accepted', ago(13 * DAY), 'cancel');
  const finished = await order({ status: 'finished' });
  await modificationRequest(db, finished, 'rejected', ago(14 * DAY - MINUTE));
  // not selected: a request still waiting, answers older than 14 days, no request at all
  await modificationRequest(db, await order({ status: 'not_finished' }), 'pending', null);
  const old = await order({ status: 'not_finished' });
  await modificationRequest(db, old, 'accepted', ago(14 * DAY + MINUTE));
  await modificationRequest(db, old, 'pending', null);
  await order({ status: 'not_finished' });
  return {
    ids: [twice, cancelled, finished].sort((a, b) => a - b),
    twice: { order: twice, newest },
  };
}

describe('customer-order/index: modification=answered (the home page’s answered modifications)', () => {
  it('lists exactly the orders the overview counts, and none of another customer’s', async () => {
    const t = await testApp();
    const me = await signedIn(t);
    const other = await signedIn(t);
    const now = t.deps.now();
    const mine = await orders(t, me.cuId, now);
    const theirs = await orders(t, other.cuId, now);

    for (const [who, made] of [
      [me, mine],
      [other, theirs],
    ] as const) {
      const counted = await overview(t, who.token);
      const list = await listed(t, who.token, { modification: 'answered' });
      expect(list.ids).toEqual(made.ids);
      expect(counted.total).toBe(list.total);
      expect(list.counts).toMatchObject({ all: 3, not_finished: 1, finished: 1, cancelled: 1 });
      // one entry per order, its newest answer, every entry an order of the list
      const entries = counted.items.map((m) => m.order.id);
      expect([...entries].sort((a, b) => a - b)).toEqual(made.ids);
      expect(counted.items[0]).toMatchObject({ id: made.twice.newest, status: 'rejected' });
    }

    // the other filters and the status tab still apply on top
    expect((await listed(t, me.token, { modification: 'answered', status: 'not_finished' })).ids).toEqual([
      mine.twice.order,
    ]);
    expect((await listed(t, me.token, { modification: 'answered', keyword: 'no such order' })).total).toBe(0);

    // two days on, the answers of 13 and 14 days ago no longer count, in either
    t.advance(2 * DAY);
    const token = await loginAs(t, me.user); // the session of two days ago has expired
    const later = await listed(t, token, { modification: 'answered' });
    expect(later.ids).toEqual([mine.twice.order]);
    expect((await overview(t, token)).total).toBe(later.total);
  });

  it('pages and sorts the answered orders as the list does (the page’s ids are cut first)', async () => {
    const t = await testApp();
    const me = await signedIn(t);
    const mine = await orders(t, me.cuId, t.deps.now());
    const page = async (query: Record<string, string>) => {
      const res = await t.call<OrderList>('customer-order/index', {
        token: me.token,
        query: { modification: 'answered', limit: '2', ...query },
      });
      expect([res.code, res.message]).toEqual([0, 'ok']);
      expect(res.data.total).toBe(3);
      return res.data.list;
    };
    for (const sort of [undefined, 'order_no', '-status']) {
      const all = await t.call<OrderList>('customer-order/index', {
        token: me.token,
        query: { modification: 'answered', limit: '100', ...(sort ? { sort } : {}) },
      });
      const whole = all.data.list.map((o) => o.id);
      expect([...whole].sort((a, b) => a - b)).toEqual(mine.ids);
      const sorted: Record<string, string> = sort ? { sort } : {};
      const first = await page({ ...sorted, start: '0' });
      const second = await page({ ...sorted, start: '2' });
      expect(
        [...first, ...second].map((o) => o.id),
        `sort ${sort ?? 'default'}`,
      ).toEqual(whole);
      // the page's rows are whole: their project and site came with them
      for (const row of [...first, ...second]) expect(row.order_no).toMatch(/\S/);
    }
    const byNumber = (await page({ sort: 'order_no', limit: '3' })).map((o) => o.order_no);
    expect(byNumber).toEqual([...byNumber].sort());
  });

  it('refuses an unknown value with the contract’s message', async () => {
    const t = await testApp();
    const me = await signedIn(t);
    const bad = await t.call('customer-order/index', { token: me.token, query: { modification: 'pending' } });
    expect(bad.code).toBe(422);
    expect(bad.message).toMatch(/one of answered/);
  });
});
