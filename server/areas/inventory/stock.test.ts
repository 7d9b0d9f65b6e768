import { beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../../src/contract/inventory/operations.ts';
import type {
  InventoryLine,
  InventoryList,
  LineDetail,
  StockOutList,
} from '../../../src/contract/inventory/schemas.ts';
import {
  callOp,
  createMovement,
  createStockLine,
  customerSession,
} from '../../testing/master-data-fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

const names = (list: InventoryLine[]) => list.map((l) => l.name);

describe('common/stockslist, stockslist-yp, stockslist-yb', () => {
  it('list the customer’s lines by name then expiry, with project and available quantity; -yp drugs, -yb samples', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const p = await createProject(t.deps.db, me.cuId, { protocol_no: 'ONC-301' });
    const later = await createStockLine(t.deps.db, me.cuId, {
      name: '阿帕替尼片',
      expiry: '2028-01-31',
      pr_id: p.pr_id,
      quantity: 40,
      reserved: 15,
    });
    const sooner = await createStockLine(t.deps.db, me.cuId, { name: '阿帕替尼片', expiry: '2027-03-31' });
    await createStockLine(t.deps.db, me.cuId, { name: '血浆样本', goods_type: 2, temp_class: 'deep_frozen' });
    await createStockLine(t.deps.db, me.cuId, { name: '采血管', goods_type: 3, temp_class: 'ambient' });
    await createStockLine(t.deps.db, other.cuId, { name: '阿帕替尼片' });

    const all = await callOp<InventoryList>(t, ops.stocksList, {}, me.token);
    expect(all.code, all.message).toBe(0);
    const drugLines = all.data.list.filter((l) => l.name === '阿帕替尼片');
    expect([all.data.total, drugLines.map((l) => l.in_id)]).toEqual([4, [sooner.in_id, later.in_id]]);
    expect(drugLines[1]).toMatchObject({
      protocol_no: 'ONC-301',
      project_name: p.name,
      quantity: 40,
      reserved: 15,
      available: 25,
      expiry: '2028-01-31',
      pinyin: 'aptnp',
    });
    const drugs = await callOp<InventoryList>(t, ops.stocksListDrugs, {}, me.token);
    expect(names(drugs.data.list)).toEqual(['阿帕替尼片', '阿帕替尼片']);
    const samples = await callOp<InventoryList>(t, ops.stocksListSamples, {}, me.token);
    expect(names(samples.data.list)).toEqual(['血浆样本']);
    const materials = await callOp<InventoryList>(t, ops.stocksList, { goods_type: 3 }, me.token);
    expect(names(materials.data.list)).toEqual(['采血管']);
    const page2 = await callOp<InventoryList>(t, ops.stocksList, { limit: 3, currentPage: 2 }, me.token);
    expect([page2.data.total, page2.data.list.length]).toEqual([4, 1]);
  });

  it('filter by keyword or pinyin, project, class, stock on hand and expiry window', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const p = await createProject(t.deps.db, me.cuId);
    await createStockLine(t.deps.db, me.cuId, { name: '紫杉醇注射液', pr_id: p.pr_id, expiry: '2020-01-01' });
    await createStockLine(t.deps.db, me.cuId, {
      name: '安慰剂',
      quantity: 5,
      reserved: 5,
      temp_class: 'ambient',
      code: 'PBO-1',
    });
    await createStockLine(t.deps.db, me.cuId, { name: '胰岛素', expiry: null, temp_class: 'frozen' });
    const q = async (input: Record<string, unknown>) =>
      names((await callOp<InventoryList>(t, ops.stocksList, input, me.token)).data.list);
    expect(await q({ keyword: 'ZSC' })).toEqual(['紫杉醇注射液']);
    expect(await q({ keyword: 'pbo' }), 'by code').toEqual(['安慰剂']);
    expect(await q({ pr_id: p.pr_id })).toEqual(['紫杉醇注射液']);
    expect(await q({ temp_class: 'frozen' })).toEqual(['胰岛素']);
    expect((await q({ in_stock: 1 })).sort()).toEqual(['紫杉醇注射液', '胰岛素'].sort());
    expect(await q({ expiring_days: 30 }), 'already expired counts; no expiry never').toEqual([
      '紫杉醇注射液',
    ]);
  });

  it('answer 404 for another customer’s project and 422 for bad filters', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const theirs = await createProject(t.deps.db, other.cuId);
    for (const op of [ops.stocksList, ops.stocksListDrugs, ops.stocksListSamples]) {
      expect((await callOp(t, op, { pr_id: theirs.pr_id }, me.token)).code).toBe(404);
      const bad = await callOp(t, op, { temp_class: 'warm', limit: 0 }, me.token);
      expect([bad.code, Object.keys(bad.data as object).sort()]).toEqual([422, ['limit', 'temp_class']]);
    }
    expect((await callOp(t, ops.stocksList, { goods_type: 4 }, me.token)).code).toBe(422);
    expect(
      (await callOp(t, ops.stocksListDrugs, { goods_type: 2 }, me.token)).code,
      'the type is fixed',
    ).toBe(422);
  });
});

describe('common/inventory-detail_x and common/stockout-cus', () => {
  it('show a line’s movements newest first with their orders, and the customer’s outbound movements', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const line = await createStockLine(t.deps.db, me.cuId, { name: '来曲唑片' });
    const order = await createOrder(t.deps.db, me.cuId);
    const day = (d: string) => new Date(`${d}T02:00:00Z`);
    await createMovement(t.deps.db, line.in_id, { kind: 'inbound', delta: 100, at: day('2026-10-01') });
    await createMovement(t.deps.db, line.in_id, {
      kind: 'outbound',
      delta: -10,
      at: day('2026-10-05'),
      orderId: order.id,
    });
    await createMovement(t.deps.db, line.in_id, { kind: 'outbound', delta: -5, at: day('2026-11-02') });
    const theirs = await createStockLine(t.deps.db, other.cuId);
    await createMovement(t.deps.db, theirs.in_id, { kind: 'outbound', delta: -1, at: day('2026-10-05') });

    const detail = await callOp<LineDetail>(t, ops.inventoryDetail, { in_id: line.in_id }, me.token);
    expect(detail.data.line.name).toBe('来曲唑片');
    expect(detail.data.movements.map((m) => [m.kind, m.delta, m.order_no])).toEqual([
      ['outbound', -5, null],
      ['outbound', -10, order.order_no],
      ['inbound', 100, null],
    ]);
    const foreign = await callOp(t, ops.inventoryDetail, { in_id: theirs.in_id }, me.token);
    expect([foreign.code, foreign.message]).toEqual([404, 'No such stock line']);

    const out = await callOp<StockOutList>(t, ops.stockOut, {}, me.token);
    expect(out.data.list.map((r) => [r.quantity, r.order_no])).toEqual([
      [5, null],
      [10, order.order_no],
    ]);
    const october = await callOp<StockOutList>(
      t,
      ops.stockOut,
      { date_from: '2026-10-01', date_to: '2026-10-31' },
      me.token,
    );
    expect([october.data.total, october.data.list[0]?.order_id]).toEqual([1, order.id]);
    const byOrder = await callOp<StockOutList>(
      t,
      ops.stockOut,
      { keyword: order.order_no.toLowerCase() },
      me.token,
    );
    expect(byOrder.data.total).toBe(1);
    expect((await callOp(t, ops.stockOut, { date_from: '1.10.2026' }, me.token)).code).toBe(422);
  });
});

describe('goods pickers: search-drug, cus-goods-size, get-series-number', () => {
  it('offer only what is available, grouped by goods entry, batches first expiring first', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const code = 'IP-LET-2.5';
    const late = await createStockLine(t.deps.db, me.cuId, {
      code,
      name: '来曲唑片',
      expiry: '2029-01-31',
      quantity: 30,
      reserved: 10,
    });
    const early = await createStockLine(t.deps.db, me.cuId, {
      code,
      name: '来曲唑片',
      expiry: '2027-06-30',
      quantity: 12,
    });
    await createStockLine(t.deps.db, me.cuId, { code, name: '来曲唑片', quantity: 4, reserved: 4 });
    await createStockLine(t.deps.db, other.cuId, { code, name: '来曲唑片' });

    const found = await callOp<InventoryLine[]>(t, ops.searchDrug, { keyword: 'lqz' }, me.token);
    expect(found.data.map((l) => l.in_id)).toEqual([early.in_id, late.in_id]);
    const sizes = await callOp<Array<{ code: string; available: number }>>(
      t,
      ops.goodsSize,
      { goods_type: 1 },
      me.token,
    );
    expect(sizes.data).toEqual([expect.objectContaining({ code, name: '来曲唑片', available: 32 })]);
    const batches = await callOp<Array<{ in_id: number; available: number }>>(
      t,
      ops.seriesNumber,
      { code },
      me.token,
    );
    expect(batches.data.map((b) => [b.in_id, b.available])).toEqual([
      [early.in_id, 12],
      [late.in_id, 20],
    ]);
    expect((await callOp(t, ops.seriesNumber, { code: '' }, me.token)).code).toBe(422);
    const theirs = await createProject(t.deps.db, other.cuId);
    expect((await callOp(t, ops.searchDrug, { pr_id: theirs.pr_id }, me.token)).code).toBe(404);
  });
});

describe('common/auto-box', () => {
  it('suggests boxes for the customer’s lines at their class', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const drug = await createStockLine(t.deps.db, me.cuId, { temp_class: 'chilled' });
    const sample = await createStockLine(t.deps.db, me.cuId, { temp_class: 'chilled', goods_type: 2 });
    const res = await callOp<{ boxes: Array<{ box_type: string; goods_type: number }> }>(
      t,
      ops.autoBox,
      {
        temp_class: 'chilled',
        lines: [
          { in_id: drug.in_id, quantity: 60 },
          { in_id: sample.in_id, quantity: 20 },
        ],
      },
      me.token,
    );
    expect(res.code, res.message).toBe(0);
    expect(res.data.boxes.map((b) => [b.box_type, b.goods_type])).toEqual([
      ['2-8°C 保温箱 (L)', 1],
      ['2-8°C 保温箱 (S)', 2],
    ]);
  });

  it('refuses a line of another class (422), more than is available (422), another customer’s line (404)', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const chilled = await createStockLine(t.deps.db, me.cuId, {
      temp_class: 'chilled',
      quantity: 10,
      reserved: 4,
    });
    const frozen = await createStockLine(t.deps.db, me.cuId, { temp_class: 'frozen' });
    const theirs = await createStockLine(t.deps.db, other.cuId, { temp_class: 'chilled' });
    const box = (lines: Array<{ in_id: number; quantity: number }>) =>
      callOp(t, ops.autoBox, { temp_class: 'chilled', lines }, me.token);
    const wrongClass = await box([
      { in_id: chilled.in_id, quantity: 1 },
      { in_id: frozen.in_id, quantity: 1 },
    ]);
    expect([wrongClass.code, wrongClass.message, wrongClass.data]).toEqual([
      422,
      `Stock line ${frozen.in_id} is stored at another temperature class`,
      { 'lines.1.in_id': 'Stored at another temperature class' },
    ]);
    const tooMany = await box([{ in_id: chilled.in_id, quantity: 7 }]);
    expect([tooMany.code, tooMany.message, tooMany.data]).toEqual([
      422,
      `Stock line ${chilled.in_id} has only 6 available`,
      { 'lines.0.quantity': 'More than is available' },
    ]);
    const zh = await t.call(ops.autoBox.path, {
      token: me.token,
      body: { temp_class: 'chilled', lines: [{ in_id: chilled.in_id, quantity: 7 }] },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect([zh.message, zh.data]).toEqual([
      `库存 ${chilled.in_id} 可用数量仅为 6`,
      { 'lines.0.quantity': '超过可用数量' },
    ]);
    expect((await box([{ in_id: theirs.in_id, quantity: 1 }])).code).toBe(404);
    expect((await box([])).code).toBe(422);
    expect(
      (
        await box([
          { in_id: chilled.in_id, quantity: 1 },
          { in_id: chilled.in_id, quantity: 1 },
        ])
      ).code,
    ).toBe(422);
    expect((await box([{ in_id: chilled.in_id, quantity: -1 }])).code).toBe(422);
  });
});

describe('common/order-check-type and common/is-recover-drug', () => {
  it('tell what a project refuses and which lines may go back to the depot', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const p = await createProject(t.deps.db, me.cuId, {
      order_types: ['supply', 'return'],
      goods_types: [1],
      temp_classes: ['chilled'],
      required_attachments: ['pod'],
    });
    const check = (input: Record<string, unknown>) =>
      callOp<{ allowed: boolean; refused: string[]; required_attachments: string[] }>(
        t,
        ops.orderCheckType,
        { pr_id: p.pr_id, order_type: 'supply', goods_type: 1, temp_class: 'chilled', ...input },
        me.token,
      );
    expect((await check({})).data).toEqual({ allowed: true, refused: [], required_attachments: ['pod'] });
    expect((await check({ order_type: 'dtp', goods_type: 2, temp_class: 'frozen', is_dtp: 1 })).data).toEqual(
      {
        allowed: false,
        refused: ['order_type', 'goods_type', 'temp_class', 'is_dtp'],
        required_attachments: ['pod'],
      },
    );
    const theirs = await createProject(t.deps.db, other.cuId);
    expect((await check({ pr_id: theirs.pr_id })).code).toBe(404);
    expect((await check({ is_dtp: 2 })).code).toBe(422);

    const yes = await createStockLine(t.deps.db, me.cuId, { recoverable: true });
    const no = await createStockLine(t.deps.db, me.cuId);
    const recover = await callOp(t, ops.isRecoverDrug, { in_ids: [no.in_id, yes.in_id] }, me.token);
    expect(recover.data).toEqual([
      { in_id: no.in_id, recoverable: false },
      { in_id: yes.in_id, recoverable: true },
    ]);
    const theirLine = await createStockLine(t.deps.db, other.cuId, { recoverable: true });
    expect(
      (await callOp(t, ops.isRecoverDrug, { in_ids: [yes.in_id, theirLine.in_id] }, me.token)).code,
    ).toBe(404);
    expect((await callOp(t, ops.isRecoverDrug, { in_ids: [] }, me.token)).code).toBe(422);
  });
});
