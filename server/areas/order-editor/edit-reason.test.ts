import { describe, expect, it } from 'vitest';
import type { EditorStart } from '../../../src/contract/order-editor/schemas.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { signatureOf } from '../../testing/fixtures.ts';
import { create, readyToOrder } from '../../testing/editor-test-helpers.ts';
import { testApp, type TestApp } from '../../testing/test-app.ts';

/** The order's entries in its customer's chain (another test's chain may name the same id: trail.test.ts's 42). */
const entries = (t: TestApp, orderId: number) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'reason', 'changes'])
    .where('cu_id', '=', t.deps.db.selectFrom('orders').select('cu_id').where('id', '=', orderId))
    .where('record_type', '=', 'order')
    .where('record_id', '=', String(orderId))
    .orderBy('id')
    .execute();

const start = (t: TestApp, token: string, id: number) =>
  t.call<EditorStart>('customer-order/create', { token, query: { id: String(id) } });

describe('an edit of a submitted order (EU GMP Annex 11 §9, 21 CFR 11.10(e))', () => {
  it('needs a reason: 422 on `reason` without one, and nothing changes', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = orderForm(s);
    const made = (await create(t, s.token, form)).data;
    for (const reason of ['', '   ']) {
      const res = await create(t, s.token, { ...form, id: made.id, version: 1, remark: '改', reason });
      expect(res.code).toBe(422);
      expect(res.data).toEqual({ reason: 'A reason is required to change a submitted order' });
    }
    const order = await t.deps.db
      .selectFrom('orders')
      .select(['version', 'remark'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ version: 1, remark: form.remark ?? '' });
    expect((await entries(t, made.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('keeps the reason with the change: in the trail and in the order’s history', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = orderForm(s);
    const made = (await create(t, s.token, form)).data;
    const reason = '  收货人换了  ';
    const res = await create(t, s.token, { ...form, id: made.id, version: 1, to_contact: '王五', reason });
    expect(res.code).toBe(0);
    const edit = (await entries(t, made.id)).at(-1)!;
    expect(edit).toMatchObject({ action: 'edit', reason: '收货人换了' });
    const history = await t.call<{ list: Array<{ kind: string; reason: string }> }>(
      'common/get-order-handel',
      {
        token: s.token,
        query: { id: String(made.id) },
      },
    );
    expect(history.data.list.find((e) => e.kind === 'edited')?.reason).toBe('收货人换了');
  });

  it('sends an approved order back for approval, and says so before', async () => {
    const t = await testApp();
    const s = await readyToOrder(t, { requiresApproval: true, approver: true });
    const form = orderForm(s);
    const made = (await create(t, s.token, form)).data;
    expect(made.status).toBe('pending_approval');
    expect((await start(t, s.token, made.id)).data.order?.approved).toBe(false);

    const approved = await t.call('customer-order/auditing', {
      token: s.token,
      body: { id: made.id, pass: true, version: 1, signature: signatureOf(s.user) },
    });
    expect(approved.code).toBe(0);
    const begun = await start(t, s.token, made.id);
    expect(begun.data.order).toMatchObject({ status: 'pending_confirm', version: 2, approved: true });

    const edited = await create(t, s.token, {
      ...form,
      id: made.id,
      version: 2,
      goods: [{ in_id: s.stock.chilled.in_id, quantity: 4 }],
      reason: '数量改为 4',
    });
    expect(edited.data).toMatchObject({ status: 'pending_approval', version: 3 });
    const edit = (await entries(t, made.id)).at(-1)!;
    expect(edit.action).toBe('edit');
    expect(edit.changes).toContainEqual({ field: 'status', old: 'pending_confirm', new: 'pending_approval' });
    const event = await t.deps.db
      .selectFrom('order_events')
      .select(['status_from', 'status_to', 'reason'])
      .where('order_id', '=', made.id)
      .where('kind', '=', 'edited')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      status_from: 'pending_confirm',
      status_to: 'pending_approval',
      reason: '数量改为 4',
    });

    // approved again, then an edit of an order that was not approved stays where it is
    expect(
      (
        await t.call('customer-order/auditing', {
          token: s.token,
          body: { id: made.id, pass: true, version: 3, signature: signatureOf(s.user) },
        })
      ).code,
    ).toBe(0);
    const plain = await readyToOrder(t);
    const other = (await create(t, plain.token, orderForm(plain))).data;
    const kept = await create(t, plain.token, {
      ...orderForm(plain),
      id: other.id,
      version: 1,
      reason: '改',
    });
    expect(kept.data).toMatchObject({ status: 'pending_confirm', version: 2 });
  });
});
