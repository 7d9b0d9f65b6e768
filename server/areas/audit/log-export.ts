import ExcelJS from 'exceljs';
import { AUDIT_PDF_TYPE, AUDIT_XLSX_TYPE } from '../../../src/contract/audit/operations.ts';
import { AUDIT_EXPORT_MAX, type AuditLogEntry } from '../../../src/contract/audit/schemas.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import { ApiError } from '../../core/errors.ts';
import { chinaStamp } from '../../core/labels.ts';
import type { SessionRecord } from '../../core/session.ts';
import { safeCell } from '../../core/spreadsheet-cell.ts';
import { apiAnswer } from '../../http/answer.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { AppDeps } from '../../http/env.ts';
import { countEntries, type LogFilter, logEntries, shownEntries } from './log.ts';
import { logPdf } from './log-pdf.ts';
import { auditedTransaction, sessionActor } from './trail.ts';
import { actionWord, actorText, changeLines, recordText, signatureText, timeText } from './words.ts';

/** Rows read and shown per page while an export is made. */
const PAGE = 500;

type Column = {
  zh: string;
  en: string;
  width: number;
  value: (e: AuditLogEntry, lang: Lang) => string | number;
};

/** The export's columns: what a reviewer reads, then what lets them check it against the chain. */
const COLUMNS: readonly Column[] = [
  { zh: '时间', en: 'Time', width: 24, value: (e, lang) => timeText(e.at, lang) },
  { zh: '记录', en: 'Record', width: 22, value: (e, lang) => recordText(e, lang) },
  { zh: '操作', en: 'Action', width: 18, value: (e, lang) => actionWord(e.action, lang) },
  { zh: '操作人', en: 'By', width: 20, value: (e, lang) => actorText(e, lang) },
  { zh: '原因', en: 'Reason', width: 24, value: (e) => e.reason ?? '' },
  { zh: '变更（旧 → 新）', en: 'Changes (old → new)', width: 60, value: (e) => changeLines(e).join('\n') },
  { zh: '电子签名', en: 'Electronic signature', width: 36, value: (e, lang) => signatureText(e, lang) },
  { zh: '请求编号', en: 'Request ID', width: 38, value: (e) => e.request_id ?? '' },
  { zh: '链 / 序号', en: 'Chain / place', width: 12, value: (e) => `${e.chain}/${e.seq}` },
  { zh: '哈希（SHA-256）', en: 'Hash (SHA-256)', width: 66, value: (e) => e.hash },
];

const TITLE = { zh: '审计追踪', en: 'Audit trail' } as const;

/** The export's file name: its title and China time (`审计追踪 20261201-1842.xlsx`). */
/** The export's title. */
export const exportTitle = (lang: Lang) => (lang === 'en' ? TITLE.en : TITLE.zh);

export const exportName = (lang: Lang, now: Date, extension: string) =>
  `${lang === 'en' ? TITLE.en : TITLE.zh} ${chinaStamp(now)
    .replace(/[-: ]/g, '')
    .replace(/^(\d{8})/, '$1-')}.${extension}`;

/**
 * The entries the filter selects, shown (masked as the log shows them), page by page: at most
 * AUDIT_EXPORT_MAX (else 422 asking for a narrower filter).
 */
export async function exportedEntries(
  deps: AppDeps,
  cuId: number,
  filter: LogFilter,
): Promise<AuditLogEntry[]> {
  const { capped, total } = await countEntries(deps.db, cuId, filter, AUDIT_EXPORT_MAX);
  if (capped)
    throw new ApiError(
      Code.invalid,
      'One audit trail export holds at most {max} entries: narrow the filter',
      null,
      {
        params: { max: AUDIT_EXPORT_MAX },
      },
    );
  const entries: AuditLogEntry[] = [];
  for (let start = 0; start < total; start += PAGE) {
    const rows = await logEntries(deps.db, cuId, filter, { start, limit: PAGE });
    entries.push(...(await shownEntries(deps.db, cuId, rows)));
  }
  return entries;
}

/**
 * `customer-audit/xlsx` (and the PDF's caller): the filtered trail as a file, answered directly.
 * Taking the copy is itself recorded (`audit_export`: the format, the filter and how many entries).
 * Cells go through `safeCell` (text is never a formula); the file name keeps its Chinese.
 */
export async function exportLog(
  deps: AppDeps,
  who: { cuId: number; session: SessionRecord },
  filter: LogFilter,
  format: 'xlsx' | 'pdf',
  lang: Lang,
  now: Date,
): Promise<Response> {
  const entries = await exportedEntries(deps, who.cuId, filter);
  const body =
    format === 'xlsx'
      ? await workbook(entries, lang)
      : await logPdf(entries, { customer: who.session.customer?.cu_name ?? '', filter, lang, now });
  await recordExport(deps, who, filter, format, entries.length, now);
  return fileAnswer(
    deps,
    body,
    format === 'xlsx' ? AUDIT_XLSX_TYPE : AUDIT_PDF_TYPE,
    exportName(lang, now, format),
  );
}

async function workbook(entries: readonly AuditLogEntry[], lang: Lang): Promise<Uint8Array<ArrayBuffer>> {
  const book = new ExcelJS.Workbook();
  book.creator = 'LP';
  const sheet = book.addWorksheet(lang === 'en' ? TITLE.en : TITLE.zh, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = COLUMNS.map((c, i) => ({ key: String(i), width: c.width }));
  sheet.addRow(COLUMNS.map((c) => (lang === 'en' ? c.en : c.zh))).font = { bold: true };
  for (const entry of entries) {
    const row = sheet.addRow(COLUMNS.map((c) => safeCell(c.value(entry, lang))));
    row.alignment = { vertical: 'top', wrapText: true };
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** Records who took a copy of the trail, of which entries (the filter), and how many. */
export function recordExport(
  deps: AppDeps,
  who: { cuId: number; session: SessionRecord },
  filter: LogFilter,
  format: string,
  count: number,
  now: Date,
): Promise<void> {
  const given = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
  return auditedTransaction(deps.db, now, async (_trx, audit) => {
    audit.record({
      cuId: who.cuId,
      recordType: 'user',
      recordId: who.session.uid,
      action: 'audit_export',
      actor: sessionActor(who.session),
      changes: [
        { field: 'format', old: null, new: format },
        { field: 'filter', old: null, new: given },
        { field: 'entries', old: null, new: count },
      ],
    });
  });
}

export function fileAnswer(
  deps: AppDeps,
  body: Uint8Array<ArrayBuffer>,
  type: string,
  name: string,
): Response {
  return apiAnswer(deps.config, body, {
    'content-type': type,
    'content-disposition': contentDisposition(name),
    'content-length': String(body.byteLength),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
}
