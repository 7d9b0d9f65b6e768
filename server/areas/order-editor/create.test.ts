import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditConflict } from '../../../src/contract/order-editor/schemas.ts';
import type { OrderDetail } from '../../../src/contract/orders/schemas.ts';
import { startOfWindow } from '../../testing/accounts.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { createSite } from '../../testing/order-fixtures.ts';
import { createStockLine } from '../../testing/master-data-fixtures.ts';
import { testApp, testDatabase, type TestApp } from '../../testing/test-app.ts';
import { create, movementsOf, readyToOrder, stockOf } from '../../testing/editor-test-helpers.ts';

beforeAll(() => testDatabase());

const view = async (t: TestApp, token: string, id: number) =>
  (await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(id) } })).data;

describe('POST customer-order/create: a new order', () => {
  it('makes the order pending confirmation, with its goods, boxes and a created event, and reserves the goods', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = orderForm(s);
    const res = await create(t, s.token, { ...form, goods: [{ in_id: s.stock.chilled.in_id, quantity: 5 }] });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ status: 'pending_confirm', version: 1 });
    expect(res.data.order_no).toMatch(/^LP\d{8}\d{6}$/);
    const order = await view(t, s.token, res.data.id);
    expect(order).toMatchObject({
      to_company: form.to_company,
      temp_class: 'chilled',
      pr_id: s.project.pr_id,
    });
    expect(order.goods).toEqual([
      expect.objectContaining({ in_id: s.stock.chilled.in_id, name: s.stock.chilled.name, quantity: 5 }),
    ]);
    expect(order.boxes).toEqual([expect.objectContaining({ box_type: form.boxes[0]!.box_type })]);
    const events = await t.deps.db
      .selectFrom('order_events')
      .select(['kind', 'uid'])
      .where('order_id', '=', res.data.id)
      .execute();
    expect(events).toEqual([{ kind: 'created', uid: s.user.uid }]);
    expect(await stockOf(t, s.stock.chilled.in_id)).toEqual({ quantity: 100, reserved: 5 });
    expect(await movementsOf(t, s.stock.chilled.in_id, res.data.id)).toEqual([{ kind: 'reserve', delta: 5 }]);
  });

  it('waits for approval when the customer requires it', async () => {
    const t = await testApp();
    const s = await readyToOrder(t, { requiresApproval: true });
    const res = await create(t, s.token, orderForm(s));
    expect(res.data.status).toBe('pending_approval');
  });

  it('is found by a keyword of its parties, and its documents are missing when the project requires some', async () => {
    const t = await testApp();
    const s = await readyToOrder(t, { requiredAttachments: ['packing_list'] });
    const form = { ...orderForm(s), to_company: `关键词医院${randomUUID().slice(0, 6)}` };
    const res = await create(t, s.token, form);
    const list = await t.call<{ list: Array<{ id: number; attachment_status: string }> }>(
      'customer-order/index',
      {
        token: s.token,
        query: { keyword: form.to_company },
      },
    );
    expect(list.data.list).toEqual([
      expect.objectContaining({ id: res.data.id, attachment_status: 'missing' }),
    ]);
  });

  it('makes one order for a double submit and a retry with the same key, and refuses the key with another body', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const key = randomUUID();
    const form = orderForm(s);
    const [a, b] = await Promise.all([create(t, s.token, form, key), create(t, s.token, form, key)]);
    const c = await create(t, s.token, form, key);
    expect([a.code, b.code, c.code]).toEqual([0, 0, 0]);
    expect(b.data).toEqual(a.data);
    expect(c.data).toEqual(a.data);
    const orders = await t.deps.db.selectFrom('orders').select('id').where('cu_id', '=', s.cuId).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(t, s.stock.chilled.in_id)).toMatchObject({ reserved: 5 });
    const other = await create(t, s.token, { ...form, remark: 'another' }, key);
    expect(other.code).toBe(422);
    expect(other.message).toBe('This Idempotency-Key was used with another request');
  });

  it('needs an Idempotency-Key', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const res = await create(t, s.token, orderForm(s), null);
    expect(res.code).toBe(400);
    expect(res.message).toBe('The Idempotency-Key header is required');
  });

  it('refuses bad input with field messages and makes nothing', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const res = await create(t, s.token, { ...orderForm(s), from_phone: 'abc', goods: [] });
    expect(res.code).toBe(422);
    expect(Object.keys(res.data as object)).toEqual(expect.arrayContaining(['from_phone', 'goods']));
    const orders = await t.deps.db.selectFrom('orders').select('id').where('cu_id', '=', s.cuId).execute();
    expect(orders).toEqual([]);
  });

  it("checks the project's configuration, the served districts and the times, all at once", async () => {
    const t = await testApp();
    const s = await readyToOrder(t, { tempClasses: ['chilled'], orderTypes: ['supply'], dtpAllowed: false });
    const now = new Date();
    const res = await create(t, s.token, {
      ...orderForm(s),
      order_type: 'sample',
      is_dtp: 1,
      from_city_id: s.regions.unservedDistrict,
      to_city_id: s.regions.city,
      pickup_at: new Date(now.getTime() - 60_000).toISOString(),
      deliver_by: new Date(now.getTime() - 120_000).toISOString(),
    });
    expect(res.code).toBe(422);
    expect(res.data).toEqual({
      order_type: 'Not allowed in this project',
      is_dtp: 'Not allowed in this project',
      from_city_id: 'This district is not served',
      to_city_id: 'Choose a district',
      pickup_at: 'The pickup time must be in the future',
      deliver_by: 'The delivery time must be after the pickup time',
    });
    const zh = await t.call('customer-order/create', {
      token: s.token,
      body: { ...orderForm(s), temp_class: 'frozen' },
      headers: { 'Idempotency-Key': randomUUID(), 'Accept-Language': 'zh-CN' },
    });
    expect(zh.data).toEqual({ temp_class: '此项目不允许', 'goods.0.in_id': '储存温区与所选温区不同' });
  });

  it('takes only goods of the project and class, not expired, not expiring before delivery, and not more than available', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const soon = await createStockLine(t.deps.db, s.cuId, {
      pr_id: s.project.pr_id,
      temp_class: 'chilled',
      expiry: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    });
    const res = await create(t, s.token, {
      ...orderForm(s),
      deliver_by: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      goods: [
        { in_id: s.stock.otherProject.in_id, quantity: 1 },
        { in_id: s.stock.ambient.in_id, quantity: 1 },
        { in_id: s.stock.expired.in_id, quantity: 1 },
        { in_id: soon.in_id, quantity: 1 },
        { in_id: s.stock.chilledSmall.in_id, quantity: 21 },
      ],
    });
    expect(res.code).toBe(422);
    expect(res.data).toEqual({
      'goods.0.in_id': 'This stock belongs to another project',
      'goods.1.in_id': 'Stored at another temperature class',
      'goods.2.in_id': 'This batch has expired by the pickup day',
      'goods.3.in_id': 'This batch expires before the delivery',
      'goods.4.quantity': 'More than is available',
    });
    expect(await stockOf(t, s.stock.chilledSmall.in_id)).toEqual({ quantity: 20, reserved: 0 });
  });

  it('takes fractions only in measured units: 2.5 boxes is refused, 2.5 kg is taken', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const line = (unit: string) =>
      createStockLine(t.deps.db, s.cuId, {
        pr_id: s.project.pr_id,
        temp_class: 'chilled',
        unit,
        quantity: 10,
      });
    const [boxes, kilos] = [await line('盒'), await line('kg')];
    const res = await create(t, s.token, {
      ...orderForm(s),
      goods: [
        { in_id: boxes.in_id, quantity: 2.5 },
        { in_id: kilos.in_id, quantity: '2.5' },
      ],
    });
    expect([res.code, res.data]).toEqual([
      422,
      { 'goods.0.quantity': 'This item is counted in whole units: enter a whole number' },
    ]);
    const made = await create(t, s.token, {
      ...orderForm(s),
      goods: [
        { in_id: boxes.in_id, quantity: 2 },
        { in_id: kilos.in_id, quantity: 2.5 },
      ],
    });
    expect(made.code, made.message).toBe(0);
    expect(await stockOf(t, kilos.in_id)).toEqual({ quantity: 10, reserved: 2.5 });
  });

  it('says "more than 0" for 0 and −3, not "enter a number"', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const res = await create(t, s.token, {
      ...orderForm(s),
      goods: [
        { in_id: s.stock.chilled.in_id, quantity: '0' },
        { in_id: s.stock.chilledSmall.in_id, quantity: '-3' },
      ],
    });
    expect([res.code, res.data]).toEqual([
      422,
      { 'goods.0.quantity': 'Must be more than 0', 'goods.1.quantity': 'Must be more than 0' },
    ]);
  });

  it('never reserves more than is available, even for orders made at the same time', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = { ...orderForm(s), goods: [{ in_id: s.stock.chilledSmall.in_id, quantity: 15 }] };
    const results = await Promise.all([create(t, s.token, form), create(t, s.token, form)]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 422]);
    expect(await stockOf(t, s.stock.chilledSmall.in_id)).toEqual({ quantity: 20, reserved: 15 });
  });

  it("answers 404 for another customer's project, site, address or stock line, and makes nothing", async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const other = await readyToOrder(t);
    const form = orderForm(s);
    for (const change of [
      { pr_id: other.project.pr_id },
      { ho_id: other.sites[0]!.ho_id },
      { to_ad_id: other.addresses.stop.ad_id },
      { from_ad_id: other.addresses.start.ad_id },
      { goods: [{ in_id: other.stock.chilled.in_id, quantity: 1 }] },
      { attachments: [{ file_id: 2_000_000_000, kind: 'other' }] },
    ]) {
      const res = await create(t, s.token, { ...form, ...change });
      expect(res.code, JSON.stringify(change)).toBe(404);
    }
    const orders = await t.deps.db.selectFrom('orders').select('id').where('cu_id', '=', s.cuId).execute();
    expect(orders).toEqual([]);
  });

  it('refuses a site of the customer that is not in the project', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const site = await createSite(t.deps.db, s.cuId, { prId: s.otherProject.pr_id });
    const res = await create(t, s.token, { ...orderForm(s), ho_id: site.ho_id });
    expect(res.code).toBe(422);
    expect(res.data).toEqual({ ho_id: 'This site is not in the project' });
  });

  it('needs a session with a customer', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    expect((await create(t, '', orderForm(s))).code).toBe(598);
    const lonely = await createUser(t.deps.db, { customers: 0 });
    const res = await create(t, await loginAs(t, lonely), orderForm(s));
    expect(res.code).toBe(404);
  });
});

describe('POST customer-order/create: an edit', () => {
  async function ordered(t: TestApp, options = {}) {
    const s = await readyToOrder(t, options);
    const form = orderForm(s);
    const made = await create(t, s.token, form);
    return { s, form, made: made.data };
  }

  it('saves the edit, moves the reservation to the new quantities, and logs it', async () => {
    const t = await testApp();
    const { s, form, made } = await ordered(t);
    const res = await create(t, s.token, {
      ...form,
      id: made.id,
      version: made.version,
      to_contact: '王新收货',
      goods: [
        { in_id: s.stock.chilled.in_id, quantity: 2 },
        { in_id: s.stock.chilledSmall.in_id, quantity: 20 },
      ],
    });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ id: made.id, order_no: made.order_no, status: 'pending_confirm', version: 2 });
    const order = await view(t, s.token, made.id);
    expect(order.to_contact).toBe('王新收货');
    expect(order.goods.map((g) => g.quantity)).toEqual([2, 20]);
    expect(await stockOf(t, s.stock.chilled.in_id)).toEqual({ quantity: 100, reserved: 2 });
    expect(await stockOf(t, s.stock.chilledSmall.in_id)).toEqual({ quantity: 20, reserved: 20 });
    expect(await movementsOf(t, s.stock.chilled.in_id, made.id)).toEqual([
      { kind: 'reserve', delta: 5 },
      { kind: 'release', delta: -3 },
    ]);
    const kinds = await t.deps.db
      .selectFrom('order_events')
      .select('kind')
      .where('order_id', '=', made.id)
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['created', 'edited']);
  });

  it('counts what the order holds as available to it', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = { ...orderForm(s), goods: [{ in_id: s.stock.chilledSmall.in_id, quantity: 20 }] };
    const made = (await create(t, s.token, form)).data;
    const res = await create(t, s.token, { ...form, id: made.id, version: 1, remark: '改备注' });
    expect(res.code).toBe(0);
    expect(await stockOf(t, s.stock.chilledSmall.in_id)).toEqual({ quantity: 20, reserved: 20 });
  });

  it('answers 409 with the current form for a stale version, and changes nothing', async () => {
    const t = await testApp();
    const { s, form, made } = await ordered(t);
    await create(t, s.token, { ...form, id: made.id, version: 1, remark: '第一次' });
    const stale = await create(t, s.token, { ...form, id: made.id, version: 1, remark: '第二次' });
    expect(stale.code).toBe(409);
    const data = stale.data as unknown as EditConflict;
    expect(data.order).toMatchObject({ id: made.id, version: 2, status: 'pending_confirm' });
    expect(data.form).toMatchObject({ remark: '第一次', to_company: form.to_company });
    expect((await view(t, s.token, made.id)).remark).toBe('第一次');
  });

  it("never sends a DTP order's patient side: its edit form and its 409 leave it empty, and the edit retypes it", async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = { ...orderForm(s), order_type: 'dtp' as const, is_dtp: 1 as const, to_contact: '患者李四' };
    const made = (await create(t, s.token, form)).data;
    const start = await t.call<{ form: Record<string, unknown>; cleared: string[] }>(
      'customer-order/create',
      {
        token: s.token,
        query: { id: String(made.id), mode: 'edit' },
      },
    );
    expect(start.data.cleared).toEqual(['to_company', 'to_contact', 'to_phone', 'to_address']);
    expect(JSON.stringify(start.data)).not.toContain('患者李四');
    const edited = await create(t, s.token, {
      ...form,
      id: made.id,
      version: 1,
      to_contact: '患者李四（新）',
    });
    expect(edited.code).toBe(0);
    const stale = await create(t, s.token, { ...form, id: made.id, version: 1 });
    expect(stale.code).toBe(409);
    expect(JSON.stringify(stale.data)).not.toContain('患者李四');
    expect((stale.data as unknown as EditConflict).form.to_contact).toBe('');
  });

  it('takes one of two edits sent at once from the same version; the other answers 409', async () => {
    const t = await testApp();
    const { s, form, made } = await ordered(t);
    const results = await Promise.all([
      create(t, s.token, { ...form, id: made.id, version: 1, remark: '甲' }),
      create(t, s.token, { ...form, id: made.id, version: 1, remark: '乙' }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 409]);
    const order = await view(t, s.token, made.id);
    expect(order.version).toBe(2);
    expect(await stockOf(t, s.stock.chilled.in_id)).toMatchObject({ reserved: 5 });
  });

  it('answers 409 once the order is confirmed', async () => {
    const t = await testApp();
    const { s, form, made } = await ordered(t);
    await t.deps.db.updateTable('orders').set({ status: 'not_finished' }).where('id', '=', made.id).execute();
    const res = await create(t, s.token, { ...form, id: made.id, version: 1 });
    expect(res.code).toBe(409);
    expect(res.message).toBe('This order can no longer be edited');
  });

  it("answers 404 for another customer's order, and needs the version", async () => {
    const t = await testApp();
    const { form, made } = await ordered(t);
    const other = await readyToOrder(t);
    expect((await create(t, other.token, { ...orderForm(other), id: made.id, version: 1 })).code).toBe(404);
    const { s: s2, made: made2 } = await ordered(t);
    const res = await create(t, s2.token, { ...orderForm(s2), id: made2.id });
    expect(res.code).toBe(422);
    expect(res.data).toEqual({ version: 'An edit sends the version it started from' });
    expect(form).toBeTruthy();
  });
});

describe('POST customer-order/create: limits', () => {
  it('takes at most 60 calls a minute from a user', async () => {
    const t = await testApp({ rateLimits: true });
    const s = await readyToOrder(t);
    // limits count per fixed minute: 61 calls must not cross into the next one
    startOfWindow(t, 60_000);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await create(t, s.token, {})).code);
    expect(codes.slice(0, 60).every((c) => c === 422)).toBe(true);
    expect(codes[60]).toBe(429);
    t.advance(60_000);
    expect((await create(t, s.token, {})).code).toBe(422);
  });
});
