import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../src/contract/orders/schemas.ts';
import type { SupplierLink, SupplierLinkIssued } from '../../../src/contract/supplier/schemas.ts';
import { signIntegration } from '../../http/signature.ts';
import { startOfWindow } from '../../testing/accounts.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { MASK } from '../orders/masking.ts';
import { shareToken, trackingKey } from '../tracking/share-secrets.ts';
import { newAddress } from '../../testing/tracking-test-helpers.ts';
import { linkToken, supplierKey } from './link-tokens.ts';

beforeAll(() => testDatabase());

const SECRET = 'supplier-test-secret-5c1a9e';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const app = () => testApp({ integrationSecret: SECRET });

/** `provider/supplier-link`, signed as the provider's systems sign it (null: unsigned). */
function makeLink(t: TestApp, body: Record<string, unknown>, secret: string | null = SECRET) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-timestamp': timestamp };
  if (secret !== null) headers['x-signature'] = signIntegration(secret, timestamp, raw);
  return t.call<SupplierLinkIssued>('provider/supplier-link', { raw, headers });
}

async function orderOf(t: TestApp, options: Parameters<typeof createOrder>[2] = {}) {
  const user = await createUser(t.deps.db);
  const cuId = user.customers[0]!.cu_id;
  const order = await createOrder(t.deps.db, cuId, {
    pickup_at: new Date('2026-12-01T01:00:00Z'),
    deliver_by: new Date('2026-12-02T09:00:00Z'),
    ...options,
  });
  return { ...order, user };
}

async function linkFor(t: TestApp, orderNo: string, extra: Record<string, unknown> = {}) {
  const res = await makeLink(t, { order_no: orderNo, task: 'pickup', party: '顺丰冷运', ...extra });
  expect(res.code, res.message).toBe(0);
  return res.data;
}

const show = (t: TestApp, link: string) => t.call<SupplierLink>('supplier/task', { query: { link } });
const answer = (t: TestApp, body: Record<string, unknown>) =>
  t.call<SupplierLink>('supplier/answer', { body });
const events = (t: TestApp, orderId: number) =>
  t.deps.db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

describe('provider/supplier-link', () => {
  it('is signed: no or a wrong signature answers 403 and makes no link', async () => {
    const t = await app();
    const o = await orderOf(t);
    expect((await makeLink(t, { order_no: o.order_no, task: 'pickup', party: 'x' }, null)).code).toBe(403);
    expect((await makeLink(t, { order_no: o.order_no, task: 'pickup', party: 'x' }, 'not-it')).code).toBe(
      403,
    );
    const rows = await t.deps.db
      .selectFrom('supplier_links')
      .where('order_id', '=', o.id)
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers the page path with a token and the expiry; 404 for an unknown order, 409 for a closed task, 422 for bad input', async () => {
    const t = await app();
    const o = await orderOf(t);
    const issued = await linkFor(t, o.order_no, { hours: 5 });
    expect(issued.path).toBe(`/supplier-allback?link=${issued.link}`);
    expect(Date.parse(issued.expires_at) - t.deps.now().getTime()).toBeGreaterThan(5 * HOUR - 2000);
    expect(Date.parse(issued.expires_at) - t.deps.now().getTime()).toBeLessThanOrEqual(5 * HOUR);
    expect((await makeLink(t, { order_no: 'LP20260101999999', task: 'pickup', party: 'x' })).code).toBe(404);
    const done = await orderOf(t, { status: 'finished' });
    expect((await makeLink(t, { order_no: done.order_no, task: 'delivery', party: 'x' })).code).toBe(409);
    const bad = await makeLink(t, { order_no: o.order_no, task: 'teleport', party: '', hours: 0 });
    expect(bad.code).toBe(422);
    expect(Object.keys(bad.data as object).sort()).toEqual(['hours', 'party', 'task']);
  });

  it('is in the order’s audit trail: the task, the party and the expiry, by the provider; never the token', async () => {
    const t = await app();
    const o = await orderOf(t);
    const issued = await linkFor(t, o.order_no, { hours: 5, operator: '调度 王' });
    const entries = await t.deps.db
      .selectFrom('audit_entries')
      .select(['record_type', 'record_id', 'action', 'actor_kind', 'actor_name', 'changes'])
      .where('cu_id', '=', o.user.customers[0]!.cu_id)
      .execute();
    expect(entries).toEqual([
      {
        record_type: 'order',
        record_id: String(o.id),
        action: 'supplier_link',
        actor_kind: 'provider',
        actor_name: '调度 王',
        changes: [
          { field: 'supplier_task', old: null, new: 'pickup' },
          { field: 'supplier_party', old: null, new: '顺丰冷运' },
          { field: 'supplier_link_expires_at', old: null, new: issued.expires_at },
        ],
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(issued.link);
  });
});

describe('supplier/task', () => {
  it("shows the task: the order's parties, the planned time, its boxes, and no decision yet", async () => {
    const t = await app();
    const o = await orderOf(t);
    const { link } = await linkFor(t, o.order_no);
    const res = await show(t, link);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ state: 'open', decision: null });
    expect(res.data.task).toMatchObject({
      order_no: o.order_no,
      task: 'pickup',
      party: '顺丰冷运',
      status: 'pending_confirm',
      temp_class: 'chilled',
      boxes: 1,
      weight_kg: 6.5,
      planned_at: '2026-12-01T01:00:00.000Z',
      from: { company: o.from_company, phone: '13900000001', masked: false },
      to: { company: o.to_company, contact: o.to_contact, masked: false },
    });
    const delivery = await linkFor(t, o.order_no, { task: 'delivery' });
    expect((await show(t, delivery.link)).data.task?.planned_at).toBe('2026-12-02T09:00:00.000Z');
  });

  it("masks the patient's side as every order answer does (is_dtp 1 → stop side, 3 → start side, samples not)", async () => {
    const t = await app();
    const patient = {
      to_company: '张伟',
      to_contact: '张伟',
      to_phone: '13811112222',
      to_address: '杭州市西湖区文三路 88 号',
    };
    const dtp = await orderOf(t, { is_dtp: 1, to_goodstype: 1, ...patient });
    const shown = (await show(t, (await linkFor(t, dtp.order_no, { task: 'delivery' })).link)).data;
    expect(shown.task?.to).toEqual({
      company: MASK,
      contact: MASK,
      phone: MASK,
      address: MASK,
      city: '',
      masked: true,
    });
    expect(shown.task?.from).toMatchObject({ company: dtp.from_company, masked: false });
    const text = JSON.stringify(shown);
    for (const value of Object.values(patient)) expect(text).not.toContain(value);

    const back = await orderOf(t, {
      is_dtp: 3,
      from_company: '李娜',
      from_contact: '李娜',
      from_phone: '13933334444',
      from_address: '成都市锦江区春熙路 9 号',
    });
    const returned = (await show(t, (await linkFor(t, back.order_no)).link)).data;
    expect(returned.task?.from).toMatchObject({ company: MASK, phone: MASK, address: MASK, masked: true });
    expect(returned.task?.to).toMatchObject({ company: back.to_company, masked: false });
    expect(JSON.stringify(returned)).not.toContain('13933334444');

    const samples = await orderOf(t, { is_dtp: 1, to_goodstype: 2 });
    const sampleView = (await show(t, (await linkFor(t, samples.order_no)).link)).data;
    expect(sampleView.task?.to).toMatchObject({ company: samples.to_company, masked: false });
  });

  it('answers 404 for a forged, altered or other kind of token, and 422 for none', async () => {
    const t = await app();
    const o = await orderOf(t);
    const { link } = await linkFor(t, o.order_no);
    const [payload, signature] = link.split('.') as [string, string];
    const [id, expires] = Buffer.from(payload, 'base64url').toString().split('.').map(Number) as [
      number,
      number,
    ];
    const flip = (s: string) => s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
    const forged = [
      `${payload}.${flip(signature)}`,
      // another link's id, or a later expiry, under the same signature
      `${Buffer.from(`${id + 1}.${expires}`).toString('base64url')}.${signature}`,
      `${Buffer.from(`${id}.${expires + 3600}`).toString('base64url')}.${signature}`,
      // a token signed with another key (a tracking share's) for the same numbers
      shareToken(await trackingKey(t.deps.db), id, t.deps.now(), new Date(expires * 1000)),
      'not-a-token',
    ];
    for (const token of forged) {
      expect((await show(t, token)).code, token).toBe(404);
      expect((await answer(t, { link: token, decision: 'confirm' })).code, token).toBe(404);
    }
    // genuine signature, but no such link
    const ghost = linkToken(
      await supplierKey(t.deps.db),
      2_000_000_000,
      t.deps.now(),
      new Date(Date.now() + HOUR),
    );
    expect((await show(t, ghost)).code).toBe(404);
    expect((await show(t, '')).code).toBe(422);
    expect(await events(t, o.id)).toHaveLength(1);
  });
});

describe('supplier/answer', () => {
  it('confirms once: the event is in the order view, and a second use answers 409 with the recorded answer', async () => {
    const t = await app();
    const o = await orderOf(t);
    const { link } = await linkFor(t, o.order_no);
    const first = await answer(t, { link, decision: 'confirm', reason: 'ignored for a confirm' });
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({
      state: 'answered',
      decision: { decision: 'confirm', reason: '', proposed_at: null },
    });

    const again = await answer(t, { link, decision: 'decline', reason: '车辆故障' });
    expect(again.code).toBe(409);
    expect(again.message).toBe('This link was already used: its answer is recorded');
    expect(again.data).toMatchObject({ state: 'answered', decision: { decision: 'confirm' } });
    expect((await show(t, link)).data).toMatchObject({
      state: 'answered',
      decision: { decision: 'confirm' },
    });

    const token = await loginAs(t, o.user);
    const view = await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(o.id) } });
    const logged = view.data.events.filter((e) => e.kind.startsWith('pickup_'));
    expect(logged).toEqual([
      expect.objectContaining({
        kind: 'pickup_confirmed',
        actor_kind: 'provider',
        actor_name: '顺丰冷运',
        reason: '',
      }),
    ]);
    // not a transition: the customer's edit in progress keeps its version
    const order = await t.deps.db
      .selectFrom('orders')
      .select(['version', 'status'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ version: 1, status: 'pending_confirm' });
  });

  it('takes one of two answers sent at once', async () => {
    const t = await app();
    const o = await orderOf(t);
    const { link } = await linkFor(t, o.order_no);
    const results = await Promise.all([
      answer(t, { link, decision: 'confirm' }),
      answer(t, { link, decision: 'decline', reason: '无车' }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 409]);
    expect((await events(t, o.id)).filter((e) => e.kind.startsWith('pickup_'))).toHaveLength(1);
  });

  it('proposes another time with a reason: both required, the time in the future; the event carries them', async () => {
    const t = await app();
    const o = await orderOf(t);
    const { link } = await linkFor(t, o.order_no, { task: 'delivery', party: '京东冷链' });
    const missing = await answer(t, { link, decision: 'propose' });
    expect(missing.code).toBe(422);
    expect(Object.keys(missing.data as object).sort()).toEqual(['proposed_at', 'reason']);
    const past = await answer(t, {
      link,
      decision: 'propose',
      proposed_at: '2020-01-01T08:00:00+08:00',
      reason: '晚到',
    });
    expect(past.code).toBe(422);
    expect(past.data).toEqual({ proposed_at: 'The proposed time must be in the future' });

    const when = new Date(t.deps.now().getTime() + 30 * HOUR);
    const ok = await answer(t, {
      link,
      decision: 'propose',
      proposed_at: when.toISOString(),
      reason: '  司机明早才能到  ',
    });
    expect(ok.code).toBe(0);
    expect(ok.data.decision).toMatchObject({
      decision: 'propose',
      proposed_at: when.toISOString(),
      reason: '司机明早才能到',
    });
    const token = await loginAs(t, o.user);
    const view = await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(o.id) } });
    expect(view.data.events.at(-1)).toMatchObject({
      kind: 'delivery_proposed',
      actor_name: '京东冷链',
      reason: '司机明早才能到',
      proposed_at: when.toISOString(),
    });
  });

  it('declines with a reason only', async () => {
    const t = await app();
    const o = await orderOf(t);
    const { link } = await linkFor(t, o.order_no);
    expect((await answer(t, { link, decision: 'decline', reason: '   ' })).code).toBe(422);
    const res = await answer(t, { link, decision: 'decline', reason: '该时段无冷藏车' });
    expect(res.code).toBe(0);
    expect((await events(t, o.id)).at(-1)).toMatchObject({
      kind: 'pickup_declined',
      reason: '该时段无冷藏车',
    });
  });

  it('expires: the page shows nothing of the order any more and an answer is refused with 409', async () => {
    const t = await app();
    const o = await orderOf(t);
    const { link, expires_at } = await linkFor(t, o.order_no, { hours: 2 });
    t.advance(2 * HOUR + 1000);
    const shown = await show(t, link);
    expect(shown.code).toBe(0);
    expect(shown.data).toEqual({ state: 'expired', expires_at, task: null, decision: null });
    const res = await answer(t, { link, decision: 'confirm' });
    expect(res.code).toBe(409);
    expect(res.message).toBe('This link has expired: ask the provider for a new one');
    expect(res.data).toMatchObject({ state: 'expired', task: null });
    expect(JSON.stringify(res.data)).not.toContain(o.order_no);
    expect(await events(t, o.id)).toHaveLength(1);
  });

  it('is closed once the order passed the task (or was cancelled): shown, not answered', async () => {
    const t = await app();
    const o = await orderOf(t, { status: 'not_finished' });
    const { link } = await linkFor(t, o.order_no);
    await t.deps.db.updateTable('orders').set({ milestone: 'picked_up' }).where('id', '=', o.id).execute();
    expect((await show(t, link)).data).toMatchObject({ state: 'closed', task: { milestone: 'picked_up' } });
    const res = await answer(t, { link, decision: 'confirm' });
    expect(res.code).toBe(409);
    expect(res.data).toMatchObject({ state: 'closed', decision: null });
    const delivery = await linkFor(t, o.order_no, { task: 'delivery' });
    await t.deps.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', o.id).execute();
    expect((await answer(t, { link: delivery.link, decision: 'confirm' })).data).toMatchObject({
      state: 'closed',
    });
    expect(await events(t, o.id)).toHaveLength(1);
  });

  it('guessing tokens is slow: 20 answers a minute per address, then 429', async () => {
    const t = await testApp({ integrationSecret: SECRET, rateLimits: true });
    startOfWindow(t, MINUTE);
    const ip = newAddress();
    const guess = (i: number) =>
      t.call('supplier/answer', { body: { link: `MS4x${i}.${'A'.repeat(43)}`, decision: 'confirm' }, ip });
    for (let i = 0; i < 20; i++) expect((await guess(i)).code).toBe(404);
    expect((await guess(20)).code).toBe(429);
    expect(
      (await t.call('supplier/answer', { body: { link: 'x.y', decision: 'confirm' }, ip: newAddress() }))
        .code,
    ).toBe(404);
  });

  it('answers in Chinese by default', async () => {
    const t = await app();
    const o = await orderOf(t);
    const { link } = await linkFor(t, o.order_no);
    await answer(t, { link, decision: 'confirm' });
    const res = await t.call('supplier/answer', {
      body: { link, decision: 'confirm' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.message).toBe('此链接已使用过，答复已记录');
  });
});
