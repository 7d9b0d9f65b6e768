import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveChange, LiveTicket } from '../../../src/contract/live/schemas.ts';
import type { LookupAnswer } from '../../../src/contract/tracking/schemas.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { openStream, type ReadEvent } from '../../testing/live-client.ts';
import { testApp, testDatabase, type TestApp } from '../../testing/test-app.ts';
import { share, trackedOrder } from '../../testing/tracking-test-helpers.ts';
import { appendEvents } from './outbox.ts';

beforeAll(() => testDatabase());

const change = (e: ReadEvent) => JSON.parse(e.data) as LiveChange;
const PROVIDER = { kind: 'provider' as const, id: null, name: 'LP' };

/** A view token of the order, as the status element gets one (a share link opened). */
async function viewOf(t: TestApp, token: string, orderId: number): Promise<string> {
  const link = await share(t, token, orderId);
  const opened = await t.call<LookupAnswer>('tracking/open', { body: { share_code: link.token } });
  expect(opened.code).toBe(0);
  return opened.data.view;
}

const tell = (t: TestApp, events: Parameters<typeof appendEvents>[1]) =>
  t.deps.db.transaction().execute((trx) => appendEvents(trx, events, t.deps.now()));

describe('a viewer’s live stream (the order-status element)', () => {
  it('tells that its one order changed, and nothing of the customer’s other orders or users', async () => {
    const t = await testApp({ corsOrigins: ['https://partner.example'] });
    const { owner, order } = await trackedOrder(t);
    const other = await createOrder(t.deps.db, owner.cuId, { status: 'not_finished' });
    const view = await viewOf(t, owner.token, order.id);
    const ticket = await t.call<LiveTicket>('tracking/live-ticket', { query: { view } });
    expect(ticket.code).toBe(0);
    const stream = await openStream(t, ticket.data.url, { origin: 'https://partner.example' });
    expect(stream.status).toBe(200);
    expect((await stream.next()).event).toBe('hello');
    await tell(t, [
      {
        cuId: owner.cuId,
        kind: 'order',
        action: 'track',
        recordId: other.id,
        orderId: other.id,
        actor: PROVIDER,
      },
      {
        cuId: owner.cuId,
        kind: 'draft',
        action: 'save',
        recordId: 3,
        audience: owner.user.uid,
        actor: PROVIDER,
      },
      {
        cuId: owner.cuId,
        kind: 'excursion',
        action: 'open',
        recordId: 9,
        orderId: order.id,
        actor: PROVIDER,
      },
      {
        cuId: owner.cuId,
        kind: 'order',
        action: 'milestone',
        recordId: order.id,
        orderId: order.id,
        actor: PROVIDER,
      },
    ]);
    const first = await stream.next((e) => e.event === 'change');
    const second = await stream.next((e) => e.event === 'change');
    // what changed is not said: only that the order did (the element reads its masked status again)
    for (const e of [first, second])
      expect(change(e)).toEqual({ kind: 'order', action: 'change', id: String(order.id), order: order.id });
    expect(stream.history().filter((e) => e.event === 'change')).toHaveLength(2);
    await stream.close();
  });

  it('refuses a view that is not one (404), and a ticket is good for its order only', async () => {
    const t = await testApp();
    expect((await t.call('tracking/live-ticket', { query: { view: 'nope' } })).code).toBe(404);
    const { owner, order } = await trackedOrder(t);
    const view = await viewOf(t, owner.token, order.id);
    const { data } = await t.call<LiveTicket>('tracking/live-ticket', { query: { view } });
    // its claims cannot be moved to another order without breaking the signature
    const [body, mac] = data.ticket.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const moved = Buffer.from(
      JSON.stringify({ ...claims, view: { ...claims.view, order: order.id + 1 } }),
    ).toString('base64url');
    expect((await openStream(t, `/api/live/stream?ticket=${moved}.${mac}`)).status).toBe(401);
  });

  it('ends once the share is revoked or the view has ended', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    const link = await share(t, owner.token, order.id);
    const opened = await t.call<LookupAnswer>('tracking/open', { body: { share_code: link.token } });
    const ticket = await t.call<LiveTicket>('tracking/live-ticket', { query: { view: opened.data.view } });
    expect(
      (await t.call('customer-order/share-revoke', { token: owner.token, body: { share_id: link.id } })).code,
    ).toBe(0);
    expect((await openStream(t, ticket.data.url)).status).toBe(401);
    const again = await trackedOrder(t);
    const view = await viewOf(t, again.owner.token, again.order.id);
    const late = await t.call<LiveTicket>('tracking/live-ticket', { query: { view } });
    t.advance(3 * 3_600_000);
    // the ticket itself has expired too: a new one is refused with the view
    expect((await openStream(t, late.data.url)).status).toBe(401);
    expect((await t.call('tracking/live-ticket', { query: { view } })).code).toBe(404);
  });
});
