import { beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../testing/order-fixtures.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

type Owner = { order_no: string; identifier: string; cu_name: string; co_name: string; current: boolean };

describe('customer-order/owner', () => {
  it('names the account of the user’s that holds an order, and whether it is the current one', async () => {
    const t = await testApp();
    const { user, token, cuId } = await signedIn(t, { customers: 2 });
    const second = user.customers[1]!;
    const elsewhere = await createOrder(t.deps.db, second.cu_id);
    const here = await createOrder(t.deps.db, cuId);
    const owner = await t.call<Owner>('customer-order/owner', { token, query: { id: String(elsewhere.id) } });
    expect([owner.code, owner.data]).toEqual([
      0,
      {
        order_no: elsewhere.order_no,
        identifier: second.identifier,
        cu_name: second.cu_name,
        co_name: second.co_name,
        current: false,
      },
    ]);
    // the view itself answers 404 for it: the order is not the current account's
    expect((await t.call('customer-order/view', { token, query: { id: String(elsewhere.id) } })).code).toBe(
      404,
    );
    const mine = await t.call<Owner>('customer-order/owner', { token, query: { id: String(here.id) } });
    expect(mine.data.current).toBe(true);
  });

  it('answers 404 for an order of a customer the user does not hold, and for no order', async () => {
    const t = await testApp();
    const { token } = await signedIn(t);
    const stranger = await signedIn(t);
    const theirs = await createOrder(t.deps.db, stranger.cuId);
    for (const id of [theirs.id, 2_000_000_000]) {
      const res = await t.call('customer-order/owner', { token, query: { id: String(id) } });
      expect([res.code, res.message, res.data]).toEqual([404, 'No such order', null]);
    }
  });
});
