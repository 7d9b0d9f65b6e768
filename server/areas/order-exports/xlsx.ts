import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Lang } from '../../../src/contract/messages.ts';
import type { FileStorage, Stored } from '../../core/storage.ts';
import type { ExportPage } from './export-rows.ts';
import { safeCell } from '../../core/spreadsheet-cell.ts';
import type { Template } from './templates.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Waits until the bytes written so far have moved on: exceljs writes each sheet into the zip
 * without waiting (its sheet buffer pushes into the zip's input and ignores backpressure), so after
 * each page the zip's input and the file's stream are let drain. Without it a fast database and a
 * slower compressor pile up the sheet in memory (130 MB at 100,000 orders).
 */
async function settle(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: LegacyWritable[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) while (needsDrain(pipe)) await once(pipe, 'drain');
  while (out.writableNeedDrain) await once(out, 'drain');
}

/** A writable of Node's streams or of the older `readable-stream` package exceljs uses (no public getter). */
type LegacyWritable = Writable & { _writableState?: { needDrain?: boolean } };
const needsDrain = (stream: LegacyWritable): boolean =>
  stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;

/** Data rows a sheet holds (Excel's 1,048,576 rows less the header). */
export const SHEET_ROWS = 1_048_575;

/**
 * Writes the pages as one .xlsx into storage as they come (exceljs's streaming writer: each row is
 * committed and leaves memory), header row in `lang`. A sheet that is full goes on in a next one
 * ("订单列表 (2)"), with the header again. `onPage` hears how many orders each page had.
 */
export async function writeWorkbook(
  storage: FileStorage,
  template: Template,
  lang: Lang,
  pages: AsyncIterable<ExportPage>,
  onPage: (orders: number) => Promise<void> | void = () => {},
  options: { sheetRows?: number } = {},
): Promise<Stored> {
  const sheetRows = options.sheetRows ?? SHEET_ROWS;
  const out = new PassThrough();
  const stored = storage.put(out);
  // If storing fails, stop writing (the writer's own error then ends up here too).
  stored.catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      // Styles cost exceljs 2–3× the time per row (a bold header is not worth it at 100,000 rows).
      useStyles: false,
      useSharedStrings: false,
    });
    workbook.creator = 'LP';
    const title = lang === 'en' ? template.title.en : template.title.zh;
    let sheets = 0;
    const addSheet = () => {
      sheets += 1;
      const sheet = workbook.addWorksheet(sheets === 1 ? title : `${title} (${sheets})`, {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = template.columns.map((c, i) => ({ key: String(i), width: c.width }));
      sheet.addRow(template.columns.map((c) => (lang === 'en' ? c.en : c.zh))).commit();
      return sheet;
    };
    let sheet = addSheet();
    let rows = 0;
    for await (const page of pages) {
      for (const values of template.rows(page, lang)) {
        if (rows === sheetRows) {
          sheet.commit();
          sheet = addSheet();
          rows = 0;
        }
        sheet.addRow(values.map(safeCell)).commit();
        rows += 1;
      }
      await settle(sheet, out);
      await onPage(page.orders.length);
    }
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    await stored.catch(() => undefined);
    throw error;
  }
  return stored;
}
