import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/codes.ts';
import * as ops from '../../../src/contract/inventory/operations.ts';
import type { InventoryList } from '../../../src/contract/inventory/schemas.ts';
import { callOp, createStockLine, customerSession } from '../../testing/master-data-fixtures.ts';
import { createProject } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

/** A day `days` from the app's today, China's calendar (`yyyy-mm-dd`). */
const dayFrom = (t: TestApp, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(t.deps.now().getTime() + days * 86_400_000),
  );

async function names(t: TestApp, token: string, input: Record<string, unknown>, op = ops.stocksListDrugs) {
  const res = await callOp<InventoryList>(t, op, input, token);
  expect(res.code, res.message).toBe(0);
  return res.data.list.map((l) => l.name);
}

/** The export's answer: status, headers and the first sheet's rows as texts. */
async function exported(t: TestApp, token: string, query: Record<string, string>, lang = 'en') {
  const res = await t.app.request(`/api/${ops.inventoryExport.path}.html?${new URLSearchParams(query)}`, {
    headers: { 'x-token': token, 'accept-language': lang },
  });
  if (res.headers.get('content-type')?.includes('json')) return { res, rows: [], body: await res.json() };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    );
    row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
  });
  return { res, rows, body: null, sheet: sheet?.name };
}

describe('stock lists: sort and expiry state', () => {
  it('sorts by a column either way, then by name and expiry; refuses an unknown sort', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    await createStockLine(t.deps.db, me.cuId, { name: '甲药', quantity: 5, depot: '上海仓' });
    await createStockLine(t.deps.db, me.cuId, { name: '乙药', quantity: 50, depot: '北京仓' });
    await createStockLine(t.deps.db, me.cuId, { name: '丙药', quantity: 20, reserved: 18, depot: '广州仓' });
    expect(await names(t, me.token, { sort: 'available' })).toEqual(['丙药', '甲药', '乙药']);
    expect(await names(t, me.token, { sort: '-quantity' })).toEqual(['乙药', '丙药', '甲药']);
    expect(await names(t, me.token, { sort: '-depot' })).toEqual(['丙药', '乙药', '甲药']);
    const bad = await callOp(t, ops.stocksListDrugs, { sort: 'cu_id' }, me.token);
    expect(bad.code).toBe(422);
    expect(bad.message).toMatch(/one of name, -name/);
  });

  it('keeps expired, soon expiring (30 days) or valid lines; lines without expiry are valid', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    await createStockLine(t.deps.db, me.cuId, { name: '过期药', expiry: dayFrom(t, -1) });
    await createStockLine(t.deps.db, me.cuId, { name: '今日药', expiry: dayFrom(t, 0) });
    await createStockLine(t.deps.db, me.cuId, { name: '临期药', expiry: dayFrom(t, 30) });
    await createStockLine(t.deps.db, me.cuId, { name: '长效药', expiry: dayFrom(t, 31) });
    await createStockLine(t.deps.db, me.cuId, { name: '无期药', expiry: null });
    const by = (state: string) => names(t, me.token, { expiry_state: state, sort: 'name' });
    expect(await by('expired')).toEqual(['过期药']);
    expect((await by('soon')).sort()).toEqual(['临期药', '今日药'].sort());
    expect((await by('valid')).sort()).toEqual(['无期药', '长效药'].sort());
    const bad = await callOp(t, ops.stocksListDrugs, { expiry_state: 'old' }, me.token);
    expect(bad.code).toBe(422);
  });
});

describe('common/stock-depots', () => {
  it('lists the customer’s depots once each, by goods type; none of another customer', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    await createStockLine(t.deps.db, me.cuId, { depot: '上海仓' });
    await createStockLine(t.deps.db, me.cuId, { depot: '上海仓' });
    await createStockLine(t.deps.db, me.cuId, { depot: '北京仓', goods_type: 2 });
    await createStockLine(t.deps.db, other.cuId, { depot: '成都仓' });
    const all = await callOp<string[]>(t, ops.stockDepots, {}, me.token);
    expect(all.data.sort()).toEqual(['上海仓', '北京仓'].sort());
    const samples = await callOp<string[]>(t, ops.stockDepots, { goods_type: 2 }, me.token);
    expect(samples.data).toEqual(['北京仓']);
    const noSession = await callOp(t, ops.stockDepots, {});
    expect(noSession.code).toBe(598);
  });
});

describe('customer-inventory/xls', () => {
  it('answers the filtered lines as a file in the list’s order: Chinese intact, formulas as text, headers in the language', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const p = await createProject(t.deps.db, me.cuId, { protocol_no: 'ONC-7' });
    await createStockLine(t.deps.db, me.cuId, {
      name: '=HYPERLINK("http://x")',
      batch_no: '+B1',
      pr_id: p.pr_id,
      temp_class: 'chilled',
      quantity: 10,
      reserved: 4,
      depot: '上海仓',
      low_level: 7.5,
    });
    await createStockLine(t.deps.db, me.cuId, { name: '阿帕替尼片', depot: '上海仓', temp_class: 'chilled' });
    await createStockLine(t.deps.db, me.cuId, { name: '血浆样本', goods_type: 2, depot: '上海仓' });
    await createStockLine(t.deps.db, me.cuId, { name: '北京药', depot: '北京仓' });
    await createStockLine(t.deps.db, other.cuId, { name: '阿帕替尼片', depot: '上海仓' });

    const { res, rows, sheet } = await exported(t, me.token, {
      goods_type: '1',
      depot: '上海仓',
      sort: '-name',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/filename\*=UTF-8''Inventory%20\d{8}-\d{4}\.xlsx/);
    expect(sheet).toBe('Inventory');
    expect(rows[0]).toContain('Batch/Lot');
    const nameAt = rows[0]?.indexOf('Name') ?? -1;
    expect(rows.slice(1).map((r) => r[nameAt])).toEqual(['阿帕替尼片', '\'=HYPERLINK("http://x")']);
    // the reorder level where one is set, else nothing
    const levelAt = rows[0]?.indexOf('Reorder Level') ?? -1;
    expect([levelAt > 0, rows.slice(1).map((r) => r[levelAt])]).toEqual([true, ['', '7.5']]);
    const first = rows[2] ?? [];
    expect(first).toEqual(
      expect.arrayContaining(['Drug', 'ONC-7', '上海仓', "'+B1", '10', '4', '6', 'Chilled 2–8 °C']),
    );

    const zh = await exported(t, me.token, { goods_type: '2' }, 'zh-CN');
    expect(zh.sheet).toBe('库存');
    expect(zh.rows[0]).toContain('批号');
    expect(zh.rows.slice(1).map((r) => r[5])).toEqual(['血浆样本']);
    expect(zh.res.headers.get('content-disposition')).toContain(encodeURIComponent('库存'));
  });

  it('refuses another customer’s project (404), bad input (422) and no session (598)', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const theirs = await createProject(t.deps.db, other.cuId);
    const notMine = await exported(t, me.token, { pr_id: String(theirs.pr_id) });
    expect(notMine.body?.code).toBe(404);
    const bad = await exported(t, me.token, { temp_class: 'hot' });
    expect(bad.body?.code).toBe(422);
    const none = await t.app.request(`/api/${ops.inventoryExport.path}.html`);
    expect(((await none.json()) as { code: number }).code).toBe(598);
  });

  it('limits a user to 30 exports a minute (429), then lets them export again', async () => {
    const t = await testApp({ rateLimits: true });
    const me = await customerSession(t);
    // at the start of a minute's window (limits count per fixed minute): thirty exports on a busy
    // machine must not cross into the next one
    t.advance(60_000 - (t.deps.now().getTime() % 60_000));
    for (let i = 0; i < 30; i++) expect((await exported(t, me.token, {})).res.status).toBe(200);
    const limited = await exported(t, me.token, {});
    expect(limited.body?.code).toBe(Code.tooManyRequests);
    // another user is not held back by this one
    const other = await customerSession(t);
    expect((await exported(t, other.token, {})).res.status).toBe(200);
    t.advance(60_000);
    expect((await exported(t, me.token, {})).res.status).toBe(200);
  });

  it('asks for a narrower filter past 5,000 lines', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    await t.deps.db
      .insertInto('inventory')
      .values(
        Array.from({ length: 5001 }, (_, i) => ({
          cu_id: me.cuId,
          goods_type: 3,
          code: `M${i}`,
          name: `物资${i}`,
          unit: '个',
          quantity: 1,
          temp_class: 'ambient',
        })),
      )
      .execute();
    const many = await exported(t, me.token, { goods_type: '3' });
    expect(many.body?.code).toBe(422);
    expect(many.body?.message).toBe('One inventory export holds at most 5000 lines: narrow the filter');
    const few = await exported(t, me.token, { goods_type: '3', keyword: '物资4999' });
    expect(few.rows).toHaveLength(2);
  });
});
