import { beforeAll, describe, expect, it } from 'vitest';
import type { EditConflict, EditorStart } from '../../../src/contract/order-editor/schemas.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { create, readyToOrder } from '../../testing/editor-test-helpers.ts';

beforeAll(() => testDatabase());

const start = (t: TestApp, token: string, query: Record<string, string> = {}) =>
  t.call<EditorStart>('customer-order/create', { token, query });

describe('GET customer-order/create', () => {
  it("starts a new order: the customer's active projects with their configuration, an empty form, the time zone", async () => {
    const t = await testApp();
    const s = await readyToOrder(t, { requiredAttachments: ['packing_list'] });
    const closed = await createProject(t.deps.db, s.cuId, { status: 'closed' });
    const res = await start(t, s.token);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      mode: 'new',
      order: null,
      form: {},
      cleared: [],
      draft: null,
      time_zone: 'Asia/Shanghai',
    });
    const ids = res.data.projects.map((p) => p.pr_id);
    expect(ids).toEqual(expect.arrayContaining([s.project.pr_id, s.otherProject.pr_id]));
    expect(ids).not.toContain(closed.pr_id);
    expect(res.data.projects.find((p) => p.pr_id === s.project.pr_id)?.conf).toMatchObject({
      temp_classes: ['chilled', 'ambient'],
      required_attachments: ['packing_list'],
      dtp_allowed: true,
    });
  });

  it('opens an editable order with its version, and answers 409 with its form once it is confirmed', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = orderForm(s);
    const made = (await create(t, s.token, form)).data;
    const res = await start(t, s.token, { id: String(made.id), mode: 'edit' });
    expect(res.data.mode).toBe('edit');
    expect(res.data.order).toEqual({
      id: made.id,
      order_no: made.order_no,
      version: 1,
      status: 'pending_confirm',
      approved: false,
    });
    const { from_ad_id: _a, to_ad_id: _b, ...fields } = form;
    expect(res.data.form).toEqual({
      ...fields,
      pickup_at: new Date(form.pickup_at).toISOString(),
      deliver_by: new Date(form.deliver_by).toISOString(),
    });
    await t.deps.db.updateTable('orders').set({ status: 'not_finished' }).where('id', '=', made.id).execute();
    const late = await start(t, s.token, { id: String(made.id), mode: 'edit' });
    expect(late.code).toBe(409);
    expect((late.data as unknown as EditConflict).order.status).toBe('not_finished');
  });

  it('copies any order as a new one, without its times and with the masked side left empty and named', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const dtp = await createOrder(t.deps.db, s.cuId, {
      status: 'finished',
      is_dtp: 1,
      to_goodstype: 1,
      pr_id: s.project.pr_id,
      to_contact: '患者张三',
      pickup_at: new Date(),
    });
    const res = await start(t, s.token, { id: String(dtp.id), mode: 'copy' });
    expect(res.code).toBe(0);
    expect(res.data.mode).toBe('copy');
    expect(res.data.cleared).toEqual(['to_company', 'to_contact', 'to_phone', 'to_address']);
    expect(res.data.form).toMatchObject({
      to_company: '',
      to_contact: '',
      to_phone: '',
      to_address: '',
      is_dtp: 1,
    });
    expect(res.data.form.from_company).toBe(dtp.from_company);
    expect(res.data.form.pickup_at).toBeUndefined();
    expect(JSON.stringify(res.data)).not.toContain('患者张三');
    // a goods line that did not come from stock cannot be ordered again
    expect(res.data.form.goods).toEqual([]);
  });

  it('makes a new order from a copy once the times are chosen, and leaves the source as it was', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = orderForm(s);
    const source = (await create(t, s.token, form)).data;
    const copy = await start(t, s.token, { id: String(source.id), mode: 'copy' });
    const made = await create(t, s.token, {
      ...copy.data.form,
      pickup_at: form.pickup_at,
      deliver_by: form.deliver_by,
    } as Parameters<typeof create>[2]);
    expect(made.code).toBe(0);
    expect(made.data.id).not.toBe(source.id);
    const orders = await t.deps.db
      .selectFrom('orders')
      .select(['id', 'version', 'to_company'])
      .where('cu_id', '=', s.cuId)
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { id: source.id, version: 1, to_company: form.to_company },
      { id: made.data.id, version: 1, to_company: form.to_company },
    ]);
  });

  it("answers 404 for another customer's order and refuses bad parameters", async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const other = await readyToOrder(t);
    const theirs = (await create(t, other.token, orderForm(other))).data;
    expect((await start(t, s.token, { id: String(theirs.id), mode: 'copy' })).code).toBe(404);
    expect((await start(t, s.token, { id: String(theirs.id), mode: 'edit' })).code).toBe(404);
    expect((await start(t, s.token, { mode: 'move' })).code).toBe(422);
    expect((await start(t, s.token, { draft_id: 'x' })).code).toBe(422);
  });
});
