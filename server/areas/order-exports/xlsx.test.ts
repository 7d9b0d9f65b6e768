import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { testStorage } from '../../testing/test-app.ts';
import type { ExportOrder, ExportPage } from './export-rows.ts';
import { orderTemplate } from './templates.ts';
import { writeWorkbook } from './xlsx.ts';

const order = (n: number): ExportOrder => ({
  id: n,
  order_no: `LP20261122${String(n).padStart(6, '0')}`,
  status: 'finished',
  order_type: 'supply',
  is_dtp: 0,
  to_goodstype: 1,
  temp_class: 'chilled',
  protocol_no: 'TP-1',
  project_name: '项目',
  site_name: '医院',
  site_department: '科室',
  from_company: '仓库',
  from_contact: '甲',
  from_phone: '1',
  from_address: '地址',
  from_city: '上海',
  to_company: '医院',
  to_contact: '乙',
  to_phone: '2',
  to_address: '地址',
  to_city: '北京',
  pickup_at: null,
  deliver_by: null,
  milestone: 'none',
  excursion: 'none',
  attachment_status: 'missing',
  sign_name: null,
  signed_at: null,
  remark: '',
  created_at: '2026-11-22T02:00:00Z',
});

describe('writeWorkbook', () => {
  it('goes on in a next sheet, header again, when a sheet is full', async () => {
    async function* pages(): AsyncGenerator<ExportPage> {
      for (const ids of [
        [1, 2, 3, 4],
        [5, 6, 7],
      ]) {
        yield { orders: ids.map(order), goods: new Map(), boxes: new Map(), approvals: new Map() };
      }
    }
    const heard: number[] = [];
    const stored = await writeWorkbook(
      testStorage(),
      orderTemplate,
      'en',
      pages(),
      (n) => void heard.push(n),
      {
        sheetRows: 3,
      },
    );
    expect(heard).toEqual([4, 3]);
    const workbook = new ExcelJS.Workbook();
    const bytes = await buffer(testStorage().open(stored.key));
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Orders', 'Orders (2)', 'Orders (3)']);
    const numbers = workbook.worksheets.map((sheet) =>
      sheet
        .getColumn(1)
        .values.filter((v) => v !== undefined && v !== null)
        .map(String),
    );
    expect(numbers).toEqual([
      ['Order No.', order(1).order_no, order(2).order_no, order(3).order_no],
      ['Order No.', order(4).order_no, order(5).order_no, order(6).order_no],
      ['Order No.', order(7).order_no],
    ]);
    expect(stored.size).toBe(bytes.byteLength);
  });
});
