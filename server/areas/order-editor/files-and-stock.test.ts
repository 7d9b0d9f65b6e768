import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InventoryAddAnswer, PendingFileAnswer } from '../../../src/contract/order-editor/schemas.ts';
import type { OrderDetail } from '../../../src/contract/orders/schemas.ts';
import { FileMissing } from '../../core/storage.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { postFile, SAMPLES } from '../../testing/file-fixtures.ts';
import { createStockLine } from '../../testing/master-data-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { create, readyToOrder } from '../../testing/editor-test-helpers.ts';
import { chores } from './housekeeping.ts';

beforeAll(() => testDatabase());

const upload = (t: TestApp, token: string, kind: string, name: string, content: Uint8Array) =>
  postFile<PendingFileAnswer>(t, 'common/file', { token, fields: { kind }, file: { name, content } });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('POST common/file and the files of create', () => {
  it('keeps a document before its order exists; create attaches it and the order waits for its audit', async () => {
    const t = await testApp();
    const s = await readyToOrder(t, { requiredAttachments: ['packing_list'] });
    const file = await upload(t, s.token, 'packing_list', '装箱单.pdf', SAMPLES.pdf());
    expect(file.code).toBe(0);
    expect(file.data).toMatchObject({
      kind: 'packing_list',
      name: '装箱单.pdf',
      media_type: 'application/pdf',
    });
    const made = await create(t, s.token, {
      ...orderForm(s),
      attachments: [{ file_id: file.data.file_id, kind: 'packing_list' }],
    });
    expect(made.code).toBe(0);
    const order = (
      await t.call<OrderDetail>('customer-order/view', {
        token: s.token,
        query: { id: String(made.data.id) },
      })
    ).data;
    expect(order.attachment_status).toBe('pending');
    const attached = await t.call<{
      list: Array<{ id: number; file_id: number; kind: string; status: string }>;
    }>('common/get-order-attach', { token: s.token, query: { id: String(made.data.id) } });
    expect(attached.data.list).toEqual([
      expect.objectContaining({ file_id: file.data.file_id, kind: 'packing_list', status: 'pending' }),
    ]);
    // the audit trail: the order made, then the document it took, with its hash
    const trail = await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'changes'])
      .where('cu_id', '=', s.cuId)
      .where('record_id', '=', String(made.data.id))
      .orderBy('seq')
      .execute();
    expect(trail.map((e) => e.action)).toEqual(['create', 'attachment_upload']);
    expect(trail[1]?.changes).toEqual([
      {
        field: `attachments.${attached.data.list[0]?.id}`,
        old: null,
        new: {
          kind: 'packing_list',
          name: '装箱单.pdf',
          size: SAMPLES.pdf().length,
          sha256: createHash('sha256').update(SAMPLES.pdf()).digest('hex'),
          status: 'pending',
        },
      },
    ]);
    // attached once: a second order cannot take it
    const again = await create(t, s.token, {
      ...orderForm(s),
      attachments: [{ file_id: file.data.file_id, kind: 'packing_list' }],
    });
    expect(again.code).toBe(404);
  });

  it("refuses a file that is not a document, and another user's pending file", async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const other = await readyToOrder(t);
    const exe = await upload(t, s.token, 'other', 'setup.pdf', SAMPLES.exe());
    expect(exe.code).toBe(422);
    expect((await upload(t, s.token, 'print_scan', 'a.pdf', SAMPLES.pdf())).code).toBe(422);
    const theirs = (await upload(t, other.token, 'other', 'x.pdf', SAMPLES.pdf())).data;
    const res = await create(t, s.token, {
      ...orderForm(s),
      attachments: [{ file_id: theirs.file_id, kind: 'other' }],
    });
    expect(res.code).toBe(404);
  });

  it('removes a file never attached a day after its upload, with its stored bytes (the area chore)', async () => {
    const [chore] = chores;
    const t = await testApp();
    const s = await readyToOrder(t);
    const kept = (await upload(t, s.token, 'other', 'a.csv', SAMPLES.csv())).data;
    const { storage_key } = await t.deps.db
      .selectFrom('files')
      .select('storage_key')
      .where('file_id', '=', kept.file_id)
      .executeTakeFirstOrThrow();
    expect(await chore!.run(t.deps, new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(await chore!.run(t.deps, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    const left = await t.deps.db
      .selectFrom('files')
      .select('file_id')
      .where('file_id', '=', kept.file_id)
      .execute();
    expect(left).toEqual([]);
    expect(() => t.deps.storage.open(storage_key)).toThrow(FileMissing);
  });
});

describe('POST customer-order/inventory-detail-add', () => {
  const add = (t: TestApp, token: string, body: Record<string, unknown>) =>
    t.call<InventoryAddAnswer>('customer-order/inventory-detail-add', { token, body });

  it('answers the lines as the order will hold them, with expiry warnings, and refuses the others with the reason', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const other = await readyToOrder(t);
    const soon = await createStockLine(t.deps.db, s.cuId, { pr_id: s.project.pr_id, expiry: day(20) });
    const inTransit = await createStockLine(t.deps.db, s.cuId, { pr_id: s.project.pr_id, expiry: day(2) });
    const res = await add(t, s.token, {
      pr_id: s.project.pr_id,
      temp_class: 'chilled',
      pickup_at: new Date(Date.now() + 86_400_000).toISOString(),
      lines: [
        { in_id: s.stock.chilled.in_id, quantity: 3 },
        { in_id: soon.in_id, quantity: 1 },
        { in_id: inTransit.in_id, quantity: 1 },
        { in_id: s.stock.otherProject.in_id, quantity: 1 },
        { in_id: s.stock.ambient.in_id, quantity: 1 },
        { in_id: s.stock.expired.in_id, quantity: 1 },
        { in_id: s.stock.chilledSmall.in_id, quantity: 21 },
        { in_id: other.stock.chilled.in_id, quantity: 1 },
      ],
    });
    expect(res.code).toBe(0);
    expect(res.data.list).toEqual([
      expect.objectContaining({
        in_id: s.stock.chilled.in_id,
        pr_id: s.project.pr_id,
        quantity: 3,
        available: 100,
        warning: null,
      }),
      expect.objectContaining({ in_id: soon.in_id, warning: 'within_30_days' }),
      expect.objectContaining({ in_id: inTransit.in_id, warning: 'before_delivery' }),
    ]);
    expect(res.data.refused).toEqual([
      { in_id: s.stock.otherProject.in_id, reason: 'other_project', available: 100 },
      { in_id: s.stock.ambient.in_id, reason: 'other_temp_class', available: 50 },
      { in_id: s.stock.expired.in_id, reason: 'expired', available: 100 },
      { in_id: s.stock.chilledSmall.in_id, reason: 'not_enough', available: 20 },
      { in_id: other.stock.chilled.in_id, reason: 'not_found', available: 0 },
    ]);
  });

  it('counts what the order being edited holds as available to it', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    const form = { ...orderForm(s), goods: [{ in_id: s.stock.chilledSmall.in_id, quantity: 15 }] };
    const made = (await create(t, s.token, form)).data;
    const lines = [{ in_id: s.stock.chilledSmall.in_id, quantity: 18 }];
    expect((await add(t, s.token, { lines })).data.refused).toEqual([
      { in_id: s.stock.chilledSmall.in_id, reason: 'not_enough', available: 5 },
    ]);
    const editing = await add(t, s.token, { lines, order_id: made.id });
    expect(editing.data.list).toEqual([expect.objectContaining({ quantity: 18, available: 20 })]);
  });

  it('refuses bad input', async () => {
    const t = await testApp();
    const s = await readyToOrder(t);
    expect((await add(t, s.token, { lines: [] })).code).toBe(422);
    expect((await add(t, s.token, { lines: [{ in_id: 1, quantity: 0 }] })).code).toBe(422);
    expect(
      (
        await add(t, s.token, {
          lines: [
            { in_id: 1, quantity: 1 },
            { in_id: 1, quantity: 2 },
          ],
        })
      ).code,
    ).toBe(422);
  });
});
