import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../src/contract/orders/schemas.ts';
import { signIntegration } from '../../http/signature.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

const SECRET = 'modify-answer-secret-41c9';
const DAY = 86_400_000;

/** A signed provider call, as the provider's own systems make it. */
function provider(t: TestApp, name: string, body: unknown) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  return t.call(`provider/${name}`, {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signIntegration(SECRET, timestamp, raw),
    },
  });
}

/** The customer asks, through the API, for a change checked as the editor checks an order. */
async function asked(changes: Record<string, string>) {
  const t = await testApp({ integrationSecret: SECRET });
  const { token, cuId } = await signedIn(t);
  const deliverBy = new Date(Date.now() + DAY);
  const order = await createOrder(t.deps.db, cuId, {
    status: 'not_finished',
    milestone: 'confirmed',
    deliver_by: deliverBy,
  });
  const res = await t.call('customer-order/apply-modify', {
    token,
    body: { id: order.id, kind: 'change', changes, reason: '患者复诊改期', version: 1 },
  });
  expect(res.code, res.message).toBe(0);
  const view = async () =>
    (await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(order.id) } })).data;
  const request = (await view()).modification!;
  return { t, order, deliverBy, request, view };
}

describe('a change request the customer asked for, answered by the provider', () => {
  it('accepted: the order takes the values asked, and the request still reads old → new', async () => {
    const later = new Date(Date.now() + 3 * DAY);
    const { t, order, deliverBy, request, view } = await asked({
      deliver_by: later.toISOString().replace('Z', '+00:00'),
      to_contact: ' 周新联系人 ',
    });
    const answered = await provider(t, 'answer-modify', {
      order_no: order.order_no,
      id: request.id,
      accept: true,
      answer: '已安排',
    });
    expect(answered.code, answered.message).toBe(0);
    const after = await t.deps.db
      .selectFrom('orders')
      .select(['to_contact', 'deliver_by', 'search_text', 'version'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ to_contact: '周新联系人', deliver_by: later, version: 3 });
    expect(after.search_text).toContain('周新联系人');
    const shown = (await view()).modification;
    expect(shown).toMatchObject({ status: 'accepted', answer: '已安排' });
    expect(shown?.fields).toEqual([
      { field: 'deliver_by', old: deliverBy.toISOString(), new: later.toISOString().replace('Z', '+00:00') },
      { field: 'to_contact', old: order.to_contact, new: '周新联系人' },
    ]);
  });

  it('rejected: the order stays as it was', async () => {
    const { t, order, request, view } = await asked({ to_phone: '13911112222' });
    const answered = await provider(t, 'answer-modify', {
      order_no: order.order_no,
      id: request.id,
      accept: false,
      answer: '车辆已出发',
    });
    expect(answered.code, answered.message).toBe(0);
    const shown = await view();
    expect(shown.to_phone).toBe('13900000002');
    expect(shown.modification?.fields).toEqual([
      { field: 'to_phone', old: '13900000002', new: '13911112222' },
    ]);
  });
});
