import { beforeAll, describe, expect, it } from 'vitest';
import { MASK as CONTRACT_MASK } from '../../../src/contract/orders/change-request.ts';
import type { OrderDetail } from '../../../src/contract/orders/schemas.ts';
import { createOrder, type FixtureOrderOptions } from '../../testing/order-fixtures.ts';
import { modificationRequest, signedIn } from '../../testing/order-test-helpers.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { MASK } from './masking.ts';

beforeAll(() => testDatabase());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A time `ms` from now, as the dialog sends it (China time with its offset). */
const inChina = (ms: number) => `${new Date(Date.now() + ms + 8 * HOUR).toISOString().slice(0, 19)}+08:00`;

/** A signed-in customer with one order in progress (`options` override the fixture's). */
async function inProgress(t: TestApp, options: FixtureOrderOptions = {}) {
  const { token, cuId } = await signedIn(t);
  const order = await createOrder(t.deps.db, cuId, {
    status: 'not_finished',
    milestone: 'confirmed',
    ...options,
  });
  const ask = (changes: Record<string, unknown>, headers?: Record<string, string>) =>
    t.call<Record<string, string>>('customer-order/apply-modify', {
      token,
      body: { id: order.id, kind: 'change', changes, reason: '研究中心要求', version: 1 },
      ...(headers ? { headers } : {}),
    });
  return { token, cuId, order, ask };
}

/** Nothing of a refused request is stored: no request, no new version or event, no audit entry. */
async function expectNothingStored(t: TestApp, cuId: number, orderId: number) {
  const db = t.deps.db;
  const [order, requests, events, entries] = await Promise.all([
    db.selectFrom('orders').select('version').where('id', '=', orderId).executeTakeFirstOrThrow(),
    db.selectFrom('order_modifications').select('id').where('order_id', '=', orderId).execute(),
    db.selectFrom('order_events').select('kind').where('order_id', '=', orderId).execute(),
    db
      .selectFrom('audit_entries')
      .select('action')
      .where('cu_id', '=', cuId)
      .where('record_id', '=', String(orderId))
      .execute(),
  ]);
  expect({ version: order.version, requests, entries }).toEqual({ version: 1, requests: [], entries: [] });
  expect(events.map((e) => e.kind)).not.toContain('modify_requested');
}

describe('customer-order/apply-modify checks a change as the order editor checks an order', () => {
  it('refuses a phone that is not one, too long a text and a time that is not one, under changes.<field>', async () => {
    const t = await testApp();
    const { cuId, order, ask } = await inProgress(t);
    const res = await ask({ to_phone: 'abc', to_address: '路'.repeat(201), deliver_by: '2026-13-40' });
    expect(res.code).toBe(422);
    expect(res.data).toEqual({
      'changes.to_phone': 'This value is not valid',
      'changes.to_address': 'At most 200 characters',
      'changes.deliver_by': 'Please enter a valid date',
    });
    expect((await ask({ to_contact: '   ' })).data).toEqual({
      'changes.to_contact': 'Please fill in this field',
    });
    await expectNothingStored(t, cuId, order.id);
  });

  it('refuses times in the past, a deliver-by not after the pickup and a pickup not before the deliver-by', async () => {
    const t = await testApp();
    const { cuId, order, ask } = await inProgress(t, {
      pickup_at: new Date(Date.now() + DAY),
      deliver_by: new Date(Date.now() + 2 * DAY),
    });
    expect((await ask({ deliver_by: '2020-01-01T10:00:00+08:00' })).data).toEqual({
      'changes.deliver_by': 'The delivery time must be in the future',
    });
    expect((await ask({ pickup_at: inChina(-HOUR) })).data).toEqual({
      'changes.pickup_at': 'The pickup time must be in the future',
    });
    // before the order's pickup, and before the pickup asked in the same request
    const early = await ask({ deliver_by: inChina(12 * HOUR) });
    expect([early.code, early.message, early.data]).toEqual([
      422,
      'Please correct the marked fields',
      { 'changes.deliver_by': 'The delivery time must be after the pickup time' },
    ]);
    expect((await ask({ pickup_at: inChina(3 * DAY), deliver_by: inChina(2.5 * DAY) })).data).toEqual({
      'changes.deliver_by': 'The delivery time must be after the pickup time',
    });
    expect((await ask({ pickup_at: inChina(2.5 * DAY) })).data).toEqual({
      'changes.pickup_at': 'The pickup time must be before the delivery time',
    });
    await expectNothingStored(t, cuId, order.id);
    // both moved together is fine
    expect((await ask({ pickup_at: inChina(3 * DAY), deliver_by: inChina(4 * DAY) })).code).toBe(0);
  });

  it('says it in the customer’s language', async () => {
    const t = await testApp();
    const { ask } = await inProgress(t);
    const res = await ask(
      { deliver_by: '2020-01-01T10:00:00+08:00', to_phone: 'abc' },
      { 'accept-language': 'zh-CN' },
    );
    expect(res.data).toEqual({ 'changes.to_phone': '填写的内容无效' });
    const past = await ask({ deliver_by: '2020-01-01T10:00:00+08:00' }, { 'accept-language': 'zh-CN' });
    expect([past.message, past.data]).toEqual([
      '请修改标出的字段',
      { 'changes.deliver_by': '送达时间必须晚于现在' },
    ]);
  });

  it('refuses a field a request may not name', async () => {
    const t = await testApp();
    const { cuId, order, ask } = await inProgress(t);
    for (const field of ['status', 'to_company', 'is_dtp', 'pr_id'])
      expect((await ask({ [field]: 'x', remark: '新备注' })).data, field).toEqual({
        [`changes.${field}`]: `Unknown field "${field}"`,
      });
    await expectNothingStored(t, cuId, order.id);
  });

  it('refuses a request that changes nothing, and names a field asked as it is', async () => {
    const t = await testApp();
    const deliverBy = new Date(Date.now() + 2 * DAY);
    const { cuId, order, ask, token } = await inProgress(t, { deliver_by: deliverBy, remark: '原备注' });
    const empty = await t.call('customer-order/apply-modify', {
      token,
      body: { id: order.id, kind: 'change', changes: {}, reason: '改期', version: 1 },
    });
    expect([empty.code, empty.data]).toEqual([422, { changes: 'Please say what to change' }]);
    // the same instant written in China time, the same text with spaces around it
    const same = await ask({
      deliver_by: `${new Date(deliverBy.getTime() + 8 * HOUR).toISOString().slice(0, 23)}+08:00`,
      to_contact: ` ${order.to_contact} `,
      remark: '原备注',
    });
    expect([same.code, same.message, same.data]).toEqual([
      422,
      'This request changes nothing: its values are the order’s own',
      {
        'changes.deliver_by': 'This is the order’s value already',
        'changes.to_contact': 'This is the order’s value already',
        'changes.remark': 'This is the order’s value already',
      },
    ]);
    const partly = await ask({ to_contact: order.to_contact, to_phone: '13911112222' });
    expect([partly.message, partly.data]).toEqual([
      'Please correct the marked fields',
      { 'changes.to_contact': 'This is the order’s value already' },
    ]);
    await expectNothingStored(t, cuId, order.id);
  });

  it('refuses the mask sent back, and never compares a masked field (the answer would confirm a guess)', async () => {
    expect(CONTRACT_MASK).toBe(MASK);
    const t = await testApp();
    const dtp = await inProgress(t, { is_dtp: 1, to_goodstype: 1, to_phone: '13800001111' });
    const res = await dtp.ask({ to_contact: MASK, to_address: `北京市${MASK}`, remark: MASK });
    const masked = 'Type the new value: ****** stands for a value you cannot see';
    expect([res.code, res.data]).toEqual([
      422,
      { 'changes.to_contact': masked, 'changes.to_address': masked, 'changes.remark': masked },
    ]);
    // asterisks are no phone to begin with
    expect((await dtp.ask({ to_phone: MASK })).data).toEqual({
      'changes.to_phone': 'This value is not valid',
    });
    await expectNothingStored(t, dtp.cuId, dtp.order.id);
    // the patient's phone asked as it is: not told apart from a new one
    const guess = await dtp.ask({ to_phone: '13800001111' });
    expect([guess.code, guess.message]).toEqual([0, 'ok']);
  });

  it('refuses the start side once picked up and the stop side once delivered; the remark always may change', async () => {
    const t = await testApp();
    const picked = await inProgress(t, { milestone: 'in_transit' });
    const res = await picked.ask({
      pickup_at: inChina(DAY),
      from_phone: '13911112222',
      to_contact: '赵护士',
    });
    expect(res.data).toEqual({
      'changes.pickup_at': 'The goods were picked up already: this can no longer be changed',
      'changes.from_phone': 'The goods were picked up already: this can no longer be changed',
    });
    await expectNothingStored(t, picked.cuId, picked.order.id);
    const delivered = await inProgress(t, { milestone: 'delivered' });
    expect((await delivered.ask({ to_contact: '赵护士' })).data).toEqual({
      'changes.to_contact': 'The goods were delivered already: this can no longer be changed',
    });
    expect((await delivered.ask({ remark: '签收时请核对批号' })).code).toBe(0);
  });

  it('stores what passed, trimmed; get-apply-info and the view list it field by field, old → new, masked as the view masks', async () => {
    const t = await testApp();
    const { token, order, ask } = await inProgress(t, {
      is_dtp: 1,
      to_goodstype: 1,
      to_phone: '13800001111',
      deliver_by: new Date('2026-12-03T02:00:00.000Z'),
      remark: '',
    });
    const deliverBy = inChina(3 * DAY);
    const res = await ask({
      deliver_by: deliverBy,
      to_phone: ' 139-1111-2222 ',
      remark: ' 请改电话 139-1111-2222 ',
    });
    expect(res.code, res.message).toBe(0);
    const stored = await t.deps.db
      .selectFrom('order_modifications')
      .select('changes')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored.changes).toEqual({
      deliver_by: deliverBy,
      to_phone: '139-1111-2222',
      remark: '请改电话 139-1111-2222',
    });
    const fields = [
      { field: 'deliver_by', old: '2026-12-03T02:00:00.000Z', new: deliverBy },
      { field: 'to_phone', old: MASK, new: MASK },
      { field: 'remark', old: '', new: `请改电话 ${MASK}` },
    ];
    const info = await t.call<{ list: Array<{ fields: unknown }> }>('customer-order/get-apply-info', {
      token,
      query: { id: String(order.id) },
    });
    expect(info.data.list[0]?.fields).toEqual(fields);
    const view = await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(order.id) } });
    expect(view.data.modification?.fields).toEqual(fields);
    for (const secret of ['13800001111', '139-1111-2222'])
      expect(JSON.stringify([info.data, view.data])).not.toContain(secret);
  });

  it('without the request’s audit entry (requests stored before the trail): a waiting one reads the order’s value now, an answered one the value asked', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const fieldsOf = async (id: number) =>
      (await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(id) } })).data
        .modification?.fields;
    const waiting = await createOrder(t.deps.db, cuId, { status: 'not_finished', remark: '原备注' });
    await modificationRequest(t.deps.db, waiting.id, 'pending', null);
    expect(await fieldsOf(waiting.id)).toEqual([{ field: 'remark', old: '原备注', new: '改期' }]);
    const answered = await createOrder(t.deps.db, cuId, { status: 'not_finished', remark: '改期' });
    await modificationRequest(t.deps.db, answered.id, 'accepted', new Date());
    expect(await fieldsOf(answered.id)).toEqual([{ field: 'remark', new: '改期' }]);
  });
});
