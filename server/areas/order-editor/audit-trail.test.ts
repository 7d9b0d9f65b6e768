import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../../src/contract/orders/schemas.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { create, readyToOrder } from '../../testing/editor-test-helpers.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { verifyChains } from '../audit/verify.ts';

beforeAll(() => testDatabase());

const entriesOf = (t: TestApp, cuId: number, id: number) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'actor_kind', 'actor_id', 'changes'])
    .where('cu_id', '=', cuId)
    .where('record_type', '=', 'order')
    .where('record_id', '=', String(id))
    .orderBy('seq')
    .execute();

describe('the editor’s writes in the audit trail (issue 30)', () => {
  it('a new order: every field it was made with, its goods and boxes', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = orderForm(s);
    const res = await create(t, s.token, { ...form, goods: [{ in_id: s.stock.chilled.in_id, quantity: 5 }] });
    expect(res.code).toBe(0);
    const [made, ...more] = await entriesOf(t, s.cuId, res.data.id);
    expect(more).toEqual([]);
    expect(made).toMatchObject({ action: 'create', actor_kind: 'user', actor_id: s.user.uid });
    const changes = new Map(made?.changes.map((c) => [c.field, c]));
    expect(changes.get('order_no')).toEqual({ field: 'order_no', old: null, new: res.data.order_no });
    expect(changes.get('status')?.new).toBe('pending_confirm');
    expect(changes.get('to_company')).toEqual({ field: 'to_company', old: null, new: form.to_company });
    expect(changes.get('goods')?.new).toEqual([
      {
        in_id: s.stock.chilled.in_id,
        name: s.stock.chilled.name,
        batch_no: expect.any(String),
        quantity: 5,
        unit: expect.any(String),
      },
    ]);
    expect(changes.get('boxes')?.new).toEqual(form.boxes.map((b) => b.box_type));
  });

  it('an edit: only what changed, old → new (the goods’ quantity too); an edit that changes nothing says so', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = { ...orderForm(s), goods: [{ in_id: s.stock.chilled.in_id, quantity: 5 }] };
    const made = (await create(t, s.token, form)).data;
    const edited = await create(t, s.token, {
      ...form,
      id: made.id,
      version: 1,
      remark: '改备注',
      goods: [{ in_id: s.stock.chilled.in_id, quantity: 7 }],
    });
    expect(edited.code).toBe(0);
    const [, edit] = await entriesOf(t, s.cuId, made.id);
    expect(edit?.action).toBe('edit');
    expect(edit?.changes.map((c) => c.field)).toEqual(['remark', 'goods']);
    expect(edit?.changes[0]).toEqual({ field: 'remark', old: form.remark ?? '', new: '改备注' });
    const quantities = (value: unknown) => (value as Array<{ quantity: number }>).map((g) => g.quantity);
    expect([quantities(edit?.changes[1]?.old), quantities(edit?.changes[1]?.new)]).toEqual([[5], [7]]);

    const again = await create(t, s.token, {
      ...form,
      id: made.id,
      version: 2,
      remark: '改备注',
      goods: [{ in_id: s.stock.chilled.in_id, quantity: 7 }],
    });
    expect(again.code).toBe(0);
    const entries = await entriesOf(t, s.cuId, made.id);
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ['create', expect.any(Array)],
      ['edit', expect.any(Array)],
      ['edit', []],
    ]);
    expect((await verifyChains(t.deps.db, { cuId: s.cuId })).broken).toBeNull();

    // the order's history: the edit's event with what it changed (the edit that changed nothing: none)
    const history = await t.call<{ list: OrderEvent[] }>('common/get-order-handel', {
      token: s.token,
      query: { id: String(made.id) },
    });
    const edits = history.data.list.filter((e) => e.kind === 'edited');
    expect(edits.map((e) => e.changes?.map((c) => c.field))).toEqual([['remark', 'goods'], undefined]);
    expect(edits[0]?.changes?.[0]).toEqual({ field: 'remark', old: form.remark ?? '', new: '改备注' });
    expect(history.data.list.find((e) => e.kind === 'created')?.changes).toBeUndefined();
  });
});
