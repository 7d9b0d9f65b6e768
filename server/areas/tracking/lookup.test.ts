import { beforeAll, describe, expect, it } from 'vitest';
import type { LookupAnswer, Tracking } from '../../../src/contract/tracking/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';
import { lookup, share, trackedOrder } from '../../testing/tracking-test-helpers.ts';

beforeAll(() => testDatabase());

describe('tracking/lookup: an order number and a second factor', () => {
  it('opens the masked status with the last 4 digits of the stop side’s phone, and its view reads it again', async () => {
    const t = await testApp();
    const { order, fromCity, toCity } = await trackedOrder(t);
    const res = await lookup(t, { order_no: order.order_no.toLowerCase(), phone4: '5678' });
    expect(res.code).toBe(0);
    const { tracking, view, view_expires_at } = res.data;
    expect(tracking).toMatchObject({
      order_no: order.order_no,
      status: 'not_finished',
      milestone: 'picked_up',
      from: { company: order.from_company, city: fromCity },
      to: { company: order.to_company, city: toCity },
      pickup_at: '2026-03-01T08:00:00.000Z',
      deliver_by: '2026-03-02T08:00:00.000Z',
      signer: null,
      has_readings: false,
    });
    expect(tracking.steps.map((s) => [s.milestone, s.at, s.location])).toEqual([
      ['confirmed', '2026-03-01T08:30:00.000Z', ''],
      ['picked_up', '2026-03-01T09:00:00.000Z', fromCity],
      ['in_transit', null, ''],
      ['out_for_delivery', null, ''],
      ['delivered', null, ''],
    ]);
    expect(new Date(view_expires_at).getTime() - t.deps.now().getTime()).toBeGreaterThan(119 * 60_000);
    const again = await t.call<Tracking>('tracking/status', { query: { view } });
    expect(again.code).toBe(0);
    expect(again.data).toEqual(tracking);
  });

  it('answers the same 404 for a wrong factor, an unknown order and another order’s phone', async () => {
    const t = await testApp();
    const { order } = await trackedOrder(t);
    const other = await trackedOrder(t, { to_phone: '13900001111' });
    const wrong = await lookup(t, { order_no: order.order_no, phone4: '5679' });
    const unknown = await lookup(t, { order_no: 'LP20990101999999', phone4: '5678' });
    const crossed = await lookup(t, { order_no: other.order.order_no, phone4: '5678' });
    const badCode = await lookup(t, { order_no: order.order_no, share_code: 'ABCDE-12345' });
    for (const res of [wrong, unknown, crossed, badCode]) {
      expect([res.code, res.message, res.data]).toEqual([404, 'No order matches these details', null]);
    }
  });

  it('opens with a share’s code typed loosely, or its link token, and a link opens without a factor', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    const s = await share(t, owner.token, order.id);
    expect(s.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const typed = ` ${s.code.toLowerCase().replace('-', ' ').replace(/0/g, 'o').replace(/1/g, 'l')} `;
    const byCode = await lookup(t, { order_no: order.order_no, share_code: typed });
    expect(byCode.code).toBe(0);
    expect(byCode.data.tracking.order_no).toBe(order.order_no);
    expect((await lookup(t, { order_no: order.order_no, share_code: s.token })).code).toBe(0);
    const opened = await t.call<{ tracking: Tracking; view: string }>('tracking/open', {
      body: { share_code: s.token },
    });
    expect(opened.code).toBe(0);
    expect(opened.data.tracking.order_no).toBe(order.order_no);
    expect((await t.call('tracking/status', { query: { view: opened.data.view } })).code).toBe(0);
  });

  it('never answers a phone, contact, address or the sign name to an anonymous caller', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t, {
      status: 'finished',
      signed_at: new Date('2026-03-02T07:00:00Z'),
    });
    await t.deps.db
      .insertInto('order_events')
      .values({ order_id: order.id, kind: 'delivered', actor_kind: 'provider', location: order.to_address })
      .execute();
    const s = await share(t, owner.token, order.id);
    const answers: Array<{ code: number; data: unknown }> = [
      await lookup(t, { order_no: order.order_no, phone4: '5678' }),
      await lookup(t, { order_no: order.order_no, share_code: s.code }),
      await t.call('tracking/open', { body: { share_code: s.token } }),
    ];
    const first = answers[0]!.data as LookupAnswer;
    const view = first.view;
    answers.push(await t.call('tracking/status', { query: { view } }));
    const secrets = [
      order.from_phone,
      order.to_phone,
      order.from_contact,
      order.to_contact,
      order.from_address,
      order.to_address,
      order.sign_name!,
    ];
    for (const res of answers) {
      expect(res.code).toBe(0);
      const json = JSON.stringify(res.data);
      for (const secret of secrets) expect(json).not.toContain(secret);
    }
    // the delivered step's place named the address: the tracker shows the stop side's city instead
    const delivered = first.tracking.steps.find((s) => s.milestone === 'delivered');
    expect(delivered?.location).toBe(first.tracking.to.city);
  });
});

describe('signer', () => {
  it('goes to a session of the owning customer only', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t, {
      status: 'finished',
      signed_at: new Date('2026-03-02T07:00:00Z'),
    });
    const stranger = await loginAs(t, await createUser(t.deps.db));
    const body = { order_no: order.order_no, phone4: '5678' };
    const mine = await lookup(t, body, { token: owner.token });
    expect(mine.data.tracking.signer).toBe(order.sign_name);
    expect(mine.data.tracking.signed_at).toBe('2026-03-02T07:00:00.000Z');
    expect((await lookup(t, body, { token: stranger })).data.tracking.signer).toBeNull();
    expect((await lookup(t, body)).data.tracking.signer).toBeNull();
    const status = await t.call<Tracking>('tracking/status', {
      query: { view: mine.data.view },
      token: owner.token,
    });
    expect(status.data.signer).toBe(order.sign_name);
    const anonymous = await t.call<Tracking>('tracking/status', { query: { view: mine.data.view } });
    expect(anonymous.data.signer).toBeNull();
  });

  it('a DTP order shows asterisks for the patient’s company and no signer, even to the owner', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t, {
      is_dtp: 1,
      order_type: 'dtp',
      status: 'finished',
      signed_at: new Date('2026-03-02T07:00:00Z'),
    });
    const res = await lookup(t, { order_no: order.order_no, phone4: '5678' }, { token: owner.token });
    expect(res.code).toBe(0);
    expect(res.data.tracking.to.company).toBe('******');
    expect(res.data.tracking.from.company).toBe(order.from_company);
    expect(res.data.tracking.signer).toBeNull();
    const json = JSON.stringify(res.data);
    for (const secret of [
      order.to_company,
      order.to_contact,
      order.to_phone,
      order.to_address,
      order.sign_name!,
    ])
      expect(json).not.toContain(secret);
  });

  it('an order masking the start side (is_dtp 3) shows asterisks there and the signer to the owner', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t, {
      is_dtp: 3,
      status: 'finished',
      signed_at: new Date('2026-03-02T07:00:00Z'),
    });
    const res = await lookup(t, { order_no: order.order_no, phone4: '5678' }, { token: owner.token });
    expect(res.data.tracking.from.company).toBe('******');
    expect(res.data.tracking.to.company).toBe(order.to_company);
    expect(res.data.tracking.signer).toBe(order.sign_name);
    expect(JSON.stringify(res.data)).not.toContain(order.from_company);
  });
});

describe('version', () => {
  it('stays while nothing shown changes and changes with a new milestone', async () => {
    const t = await testApp();
    const { order } = await trackedOrder(t);
    const { view, tracking } = (await lookup(t, { order_no: order.order_no, phone4: '5678' })).data;
    const read = async () => (await t.call<Tracking>('tracking/status', { query: { view } })).data;
    expect((await read()).version).toBe(tracking.version);
    // a change the tracker does not show (the remark) keeps it
    await t.deps.db.updateTable('orders').set({ remark: '请勿倒置' }).where('id', '=', order.id).execute();
    expect((await read()).version).toBe(tracking.version);
    await t.deps.db
      .insertInto('order_events')
      .values({ order_id: order.id, kind: 'in_transit', actor_kind: 'provider', location: '济南' })
      .execute();
    await t.deps.db
      .updateTable('orders')
      .set({ milestone: 'in_transit' })
      .where('id', '=', order.id)
      .execute();
    const moved = await read();
    expect(moved.milestone).toBe('in_transit');
    expect(moved.version).not.toBe(tracking.version);
  });
});
