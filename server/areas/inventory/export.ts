import ExcelJS from 'exceljs';
import { Code } from '../../../src/contract/codes.ts';
import { INVENTORY_XLSX_TYPE } from '../../../src/contract/inventory/operations.ts';
import { INVENTORY_EXPORT_MAX, type InventoryLine } from '../../../src/contract/inventory/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import { ApiError } from '../../core/errors.ts';
import { apiAnswer } from '../../http/answer.ts';
import type { AppDeps } from '../../http/env.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { chinaStamp, label } from '../../core/labels.ts';
import { safeCell } from '../../core/spreadsheet-cell.ts';
import { countLines, type StockFilter, stockLines } from './stock.ts';

type Column = {
  zh: string;
  en: string;
  width: number;
  value: (line: InventoryLine, lang: Lang) => string | number;
};

/** The export's columns: the inventory page's, in its words (nothing personal to mask in stock lines). */
const COLUMNS: readonly Column[] = [
  {
    zh: '货品类型',
    en: 'Goods Type',
    width: 10,
    value: (l, lang) => label('goods_type', l.goods_type, lang),
  },
  { zh: '项目编号', en: 'Protocol No.', width: 14, value: (l) => l.protocol_no },
  { zh: '项目名称', en: 'Project', width: 24, value: (l) => l.project_name },
  { zh: '仓库', en: 'Depot', width: 16, value: (l) => l.depot },
  { zh: '编码', en: 'Code', width: 14, value: (l) => l.code },
  { zh: '名称', en: 'Name', width: 24, value: (l) => l.name },
  { zh: '规格', en: 'Spec', width: 14, value: (l) => l.spec },
  { zh: '批号', en: 'Batch/Lot', width: 14, value: (l) => l.batch_no },
  { zh: '有效期', en: 'Expiry', width: 12, value: (l) => l.expiry ?? '' },
  { zh: '库存数量', en: 'On Hand', width: 10, value: (l) => l.quantity },
  { zh: '已预留', en: 'Reserved', width: 10, value: (l) => l.reserved },
  { zh: '可用数量', en: 'Available', width: 10, value: (l) => l.available },
  { zh: '补货线', en: 'Reorder Level', width: 10, value: (l) => l.low_level ?? '' },
  { zh: '单位', en: 'Unit', width: 8, value: (l) => l.unit },
  { zh: '温度', en: 'Temperature', width: 18, value: (l, lang) => label('temp_class', l.temp_class, lang) },
];

const TITLE = { zh: '库存', en: 'Inventory' } as const;

/**
 * `GET customer-inventory/xls`: the lines the stock list's filter selects, in its order, as one
 * .xlsx answered directly (the set is small: at most INVENTORY_EXPORT_MAX lines, else 422 asking
 * for a narrower filter). Cells go through `safeCell` (core/spreadsheet-cell.ts) (text never a formula,
 * controls removed); the file name keeps its Chinese through RFC 5987.
 */
export async function exportStock(
  deps: AppDeps,
  cuId: number,
  filter: StockFilter,
  sort: string | undefined,
  lang: Lang,
  now: Date,
): Promise<Response> {
  const total = await countLines(deps.db, cuId, filter, now);
  if (total > INVENTORY_EXPORT_MAX) {
    throw new ApiError(
      Code.invalid,
      'One inventory export holds at most {max} lines: narrow the filter',
      null,
      {
        params: { max: INVENTORY_EXPORT_MAX },
      },
    );
  }
  const lines = await stockLines(deps.db, cuId, filter, { start: 0, limit: INVENTORY_EXPORT_MAX, sort }, now);
  const title = lang === 'en' ? TITLE.en : TITLE.zh;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LP';
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c, i) => ({ key: String(i), width: c.width }));
  sheet.addRow(COLUMNS.map((c) => (lang === 'en' ? c.en : c.zh)));
  for (const line of lines) sheet.addRow(COLUMNS.map((c) => safeCell(c.value(line, lang))));
  const body = new Uint8Array(await workbook.xlsx.writeBuffer());
  const name = `${title} ${chinaStamp(now)
    .replace(/[-: ]/g, '')
    .replace(/^(\d{8})/, '$1-')}.xlsx`;
  return apiAnswer(deps.config, body, {
    'content-type': INVENTORY_XLSX_TYPE,
    'content-disposition': contentDisposition(name),
    'content-length': String(body.byteLength),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
}
