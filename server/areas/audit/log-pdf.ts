import type { AuditLogEntry } from '../../../src/contract/audit/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import { pdfDocument } from '../../core/pdf.ts';
import type { LogFilter } from './log.ts';
import { actionWord, actorText, changeLines, recordText, signatureText, timeText } from './words.ts';

const WORDS = {
  'zh-CN': {
    title: '审计追踪',
    customer: '客户',
    made: '导出时间',
    filter: '筛选条件',
    none: '无（全部记录）',
    count: '记录条数',
    intro:
      '本文件列出所选审计记录：每条记录的时间（北京时间）、所属记录、操作、操作人、原因、各字段的旧值和新值、电子签名，以及该条记录在哈希链中的位置和哈希值（SHA-256）。受保护的值已按原记录的规则屏蔽。',
    columns: ['时间', '记录', '操作 · 操作人', '原因 · 变更 · 签名', '链/序号 · 哈希'],
    reason: '原因：',
    signature: '电子签名：',
    footer: '审计追踪（只能追加，不能修改）',
    pageOf: (page: number, pages: number) => `第 ${page} 页，共 ${pages} 页`,
  },
  en: {
    title: 'Audit trail',
    customer: 'Customer',
    made: 'Exported',
    filter: 'Filter',
    none: 'none (every entry)',
    count: 'Entries',
    intro:
      // a straight apostrophe: the CJK font's curly one is a full-width glyph
      "This file lists the selected audit entries: for each, its time (China time), its record, the act, who acted, the reason, each field's old and new value, the electronic signature, and the entry's place and hash (SHA-256) in the hash chain. Protected values are masked under the rules of the record they belong to.",
    columns: ['Time', 'Record', 'Act · by', 'Reason · changes · signature', 'Chain/place · hash'],
    reason: 'Reason: ',
    signature: 'Signed electronically: ',
    footer: 'Audit trail (append-only)',
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
} as const;

/**
 * The filtered trail as a PDF for people (an inspector's copy, EU GMP Annex 11 §9): who exported
 * it for which customer and filter, then one row per entry, newest first, with each entry's place
 * and hash so a reader can hold it against the chain.
 */
export async function logPdf(
  entries: readonly AuditLogEntry[],
  about: { customer: string; filter: LogFilter; lang: Lang; now: Date },
): Promise<Uint8Array<ArrayBuffer>> {
  const { lang, now } = about;
  const w = WORDS[lang];
  const made = timeText(now.toISOString(), lang);
  const pdf = await pdfDocument({
    title: `${w.title} · ${about.customer}`,
    subject: w.title,
    lang,
    now,
    header: `${w.title} · ${about.customer}`,
    headerRight: made,
    footer: w.footer,
    pageOf: w.pageOf,
  });
  pdf.title(w.title);
  const given = Object.entries(about.filter).filter(([, v]) => v !== undefined && v !== '');
  pdf.fields([
    [w.customer, about.customer],
    [w.made, made],
    [w.filter, given.length ? given.map(([k, v]) => `${k} = ${v}`).join('; ') : w.none],
    [w.count, String(entries.length)],
  ]);
  pdf.paragraph(w.intro, { muted: true });
  pdf.doc.moveDown(0.5);
  pdf.table(
    [
      { title: w.columns[0], width: 1.3 },
      { title: w.columns[1], width: 1.4 },
      { title: w.columns[2], width: 1.6 },
      { title: w.columns[3], width: 3.6 },
      { title: w.columns[4], width: 2.1, mono: true },
    ],
    entries.map((e) => [
      timeText(e.at, lang),
      recordText(e, lang),
      `${actionWord(e.action, lang)}\n${actorText(e, lang)}`,
      [
        ...(e.reason ? [`${w.reason}${e.reason}`] : []),
        ...changeLines(e),
        ...(e.signature ? [`${w.signature}${signatureText(e, lang)}`] : []),
      ].join('\n'),
      `${e.chain}/${e.seq}\n${e.hash}`,
    ]),
    { size: 7 },
  );
  return new Uint8Array(await pdf.finish());
}
