import type { CaseLine, CaseView } from '../../../src/contract/excursions/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import type { Temperature } from '../../../src/contract/orders/schemas.ts';
import { label } from '../../core/labels.ts';
import { type Pdf, pdfDocument } from '../../core/pdf.ts';
import { meaningWord } from '../audit/words.ts';
import { drawTemperature } from '../evidence/chart.ts';
import { celsiusText } from '../evidence/render.ts';
import { chinaTime, viewWord, zonedTime } from '../evidence/words.ts';
import {
  budgetWord,
  decisionWord,
  durationText,
  holdWord,
  kindWord,
  type ReportWord,
  reportWord,
  stateWord,
} from './report-words.ts';

/**
 * A temperature-excursion case as a PDF for the sponsor's quality file (`GET excursion/report`), in
 * zh-CN or en: the case and its summary, the logger's chart with the range and the episodes, the
 * episodes, each goods line with its batch's stability budget over its life and earlier cases, the
 * decision with its electronic signature's manifestation (21 CFR Part 11 §11.50), the timeline.
 * It renders the view it is given and reads nothing else.
 */
export async function renderCaseReport(
  view: CaseView,
  lang: Lang,
  meta: { generatedAt: Date; generatedBy: string },
): Promise<Buffer> {
  const w = (key: ReportWord, params?: Record<string, string | number>) => reportWord(lang, key, params);
  const title = `${w('title')} ${view.case.case_no}`;
  const generatedAt = meta.generatedAt.toISOString();
  const by = meta.generatedBy.length > 48 ? `${meta.generatedBy.slice(0, 47)}…` : meta.generatedBy;
  const pdf = await pdfDocument({
    title,
    subject: `${w('brand')} · ${title} · ${view.case.order_no}`,
    lang,
    now: meta.generatedAt,
    header: `${w('brand')} · ${title}`,
    headerRight: w('zone'),
    footer: w('generated', { at: zonedTime(generatedAt, lang), by }),
    pageOf: (page, pages) => w('page', { page, pages }),
  });
  pdf.title(title);
  caseSection(pdf, view, lang);
  summarySection(pdf, view, lang);
  chartSection(pdf, view, lang);
  episodesSection(pdf, view, lang);
  goodsSection(pdf, view, lang);
  decisionSection(pdf, view, lang);
  timelineSection(pdf, view, lang);
  const bytes = await pdf.finish();
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
}

type Section = (pdf: Pdf, view: CaseView, lang: Lang) => void;

const wordsOf = (lang: Lang) => (key: ReportWord, params?: Record<string, string | number>) =>
  reportWord(lang, key, params);

const celsius = (c: number) => `${celsiusText(c)} °C`;

/** A range of °C, either bound open: `2.0 … 8.0 °C`, `≤ 8.0 °C`, `> 25.0 °C` (a band is `(min, max]`). */
function rangeText(min: number | null, max: number | null, lang: Lang): string {
  if (min !== null && max !== null) return `${celsiusText(min)} … ${celsius(max)}`;
  if (max !== null) return `≤ ${celsius(max)}`;
  if (min !== null) return `> ${celsius(min)}`;
  return reportWord(lang, 'noBound');
}

const caseSection: Section = (pdf, view, lang) => {
  const w = wordsOf(lang);
  const c = view.case;
  const { order } = view;
  pdf.fields([
    [w('caseNo'), c.case_no],
    [w('orderNo'), c.order_no],
    [w('project'), c.protocol_no],
    [w('logger'), c.logger_id],
    [w('tempClass'), label('temp_class', c.temp_class, lang)],
    [w('limits'), rangeText(view.limits.min, view.limits.max, lang)],
    [w('state'), stateWord(lang, c.state)],
    [w('openedAt'), zonedTime(c.opened_at, lang)],
    [w('assignee'), c.assignee?.name ?? w('nobody')],
    [w('route'), `${order.from_company} → ${order.to_company}`],
    ...(order.pickup_at ? [[w('pickupAt'), zonedTime(order.pickup_at, lang)] as const] : []),
    ...(order.signed_at ? [[w('signedAt'), zonedTime(order.signed_at, lang)] as const] : []),
  ]);
};

const summarySection: Section = (pdf, view, lang) => {
  const w = wordsOf(lang);
  const c = view.case;
  pdf.heading(w('summary'));
  pdf.fields([
    [w('minutesOut'), durationText(c.minutes_out, lang)],
    [w('peak'), celsius(c.peak)],
    ...(view.mkt === null ? [] : [[w('mkt'), `${view.mkt.toFixed(1)} °C`] as const]),
    [w('level'), label('excursion', c.level, lang)],
    [w('budget'), budgetWord(lang, c.budget)],
    [w('episodesCount'), String(view.episodes.length)],
  ]);
};

/** The reading of an episode furthest outside the range: its max above the range, else its min. */
function peakOf(e: CaseView['episodes'][number], limits: CaseView['limits']): number {
  const above = limits.max === null ? Number.NEGATIVE_INFINITY : e.max - limits.max;
  const below = limits.min === null ? Number.NEGATIVE_INFINITY : limits.min - e.min;
  return above >= below ? e.max : e.min;
}

/** The case as the evidence chart draws an order's temperature: one logger, the episodes shaded. */
const temperatureOf = (view: CaseView): Temperature => ({
  temp_class: view.case.temp_class,
  min: view.limits.min,
  max: view.limits.max,
  excursion: view.case.level,
  readings: view.readings.map((r) => ({ logger_id: view.case.logger_id, at: r.at, celsius: r.celsius })),
  excursions: view.episodes.map((e) => ({
    from: e.from,
    to: e.to,
    minutes: e.minutes,
    level: e.level,
    peak: peakOf(e, view.limits),
  })),
});

const CHART_HEIGHT = 160;

const chartSection: Section = (pdf, view, lang) => {
  const w = wordsOf(lang);
  // the heading, the chart and its key on one page
  pdf.room(CHART_HEIGHT + 110);
  pdf.heading(w('chart'));
  if (view.readings.length === 0) {
    pdf.paragraph(w('noReadings'), { muted: true });
    return;
  }
  drawTemperature(pdf, temperatureOf(view), CHART_HEIGHT);
  pdf.paragraph(w('chartKey', { count: view.readings.length }), { muted: true, size: 7.5 });
};

const episodesSection: Section = (pdf, view, lang) => {
  const w = wordsOf(lang);
  pdf.heading(w('episodes'));
  if (view.episodes.length === 0) {
    pdf.paragraph(w('noEpisodes'), { muted: true });
    return;
  }
  pdf.table(
    [
      { title: '#', width: 0.4, align: 'right' },
      { title: w('from'), width: 2 },
      { title: w('to'), width: 2 },
      { title: w('duration'), width: 1.6, align: 'right' },
      { title: w('min'), width: 1, align: 'right' },
      { title: w('max'), width: 1, align: 'right' },
      { title: '', width: 0.2 },
      { title: w('level'), width: 1.1 },
    ],
    view.episodes.map((e, i) => [
      String(i + 1),
      chinaTime(e.from),
      chinaTime(e.to),
      durationText(e.minutes, lang),
      celsiusText(e.min),
      celsiusText(e.max),
      '',
      label('excursion', e.level, lang),
    ]),
  );
};

/** About how tall a line's block is (8 pt table rows of 15 pt): to keep a short one on one page. */
const ROW = 15;
const blockHeight = (line: CaseLine) =>
  24 + 2 * ROW + (line.bands.length + 1) * ROW + 30 + (Math.max(1, line.earlier.length) + 1) * ROW;

function lineBlock(pdf: Pdf, line: CaseLine, lang: Lang): void {
  const w = wordsOf(lang);
  const page = pdf.doc.page;
  // a block that fits on a page starts on one where it fits; a longer one flows from here
  pdf.room(Math.min(blockHeight(line), (page.maxY() - page.margins.top) / 2));
  pdf.subheading(`${line.code} ${line.name}`);
  pdf.table(
    [
      { title: w('batch'), width: 1.5 },
      { title: w('quantity'), width: 1.1, align: 'right' },
      { title: '', width: 0.15 },
      { title: w('depot'), width: 2.2 },
      { title: w('hold'), width: 1.7 },
      { title: w('onHand'), width: 1, align: 'right' },
      { title: '', width: 0.15 },
      { title: w('budget'), width: 1.3 },
    ],
    [
      [
        line.batch_no,
        `${line.quantity} ${line.unit}`,
        '',
        line.in_id === null && !line.depot ? w('noDepot') : line.depot,
        holdWord(lang, line.hold),
        `${line.on_hand} ${line.unit}`,
        '',
        budgetWord(lang, line.budget),
      ],
    ],
  );
  if (line.bands.length === 0) pdf.paragraph(w('noBands'), { muted: true });
  else
    pdf.table(
      [
        { title: w('band'), width: 1.6 },
        { title: w('allowed'), width: 1.3, align: 'right' },
        { title: w('shipment'), width: 1.3, align: 'right' },
        { title: w('earlierMinutes'), width: 1.3, align: 'right' },
        { title: w('total'), width: 1.3, align: 'right' },
        { title: '', width: 0.2 },
        { title: w('over'), width: 0.8 },
      ],
      line.bands.map((b) => [
        rangeText(b.min, b.max, lang),
        b.hours === 0 ? w('never') : durationText(b.hours * 60, lang),
        durationText(b.shipment_minutes, lang),
        durationText(b.earlier_minutes, lang),
        durationText(b.shipment_minutes + b.earlier_minutes, lang),
        '',
        w(b.over ? 'yes' : 'no'),
      ]),
    );
  if (line.bands.length > 0 || line.unbudgeted_minutes > 0)
    pdf.paragraph(w('unbudgeted', { duration: durationText(line.unbudgeted_minutes, lang) }), { size: 8 });
  pdf.room(40);
  pdf.doc.moveDown(0.4);
  pdf.paragraph(w('earlierCases'), { muted: true, size: 8 });
  if (line.earlier.length === 0) {
    pdf.paragraph(w('noEarlier'), { size: 8 });
    pdf.doc.moveDown(0.6);
    return;
  }
  pdf.table(
    [
      { title: w('caseNo'), width: 1.4 },
      { title: w('orderNo'), width: 1.8 },
      { title: w('date'), width: 1.8 },
      { title: w('minutesOut'), width: 1.6, align: 'right' },
      { title: '', width: 0.2 },
      { title: w('decision'), width: 1.4 },
    ],
    line.earlier.map((e) => [
      e.case_no,
      e.order_no,
      chinaTime(e.opened_at),
      durationText(e.minutes_out, lang),
      '',
      e.decision ? decisionWord(lang, e.decision) : w('undecided'),
    ]),
  );
}

const goodsSection: Section = (pdf, view, lang) => {
  const w = wordsOf(lang);
  pdf.heading(w('goods'));
  if (view.lines.length === 0) {
    pdf.paragraph(w('noGoods'), { muted: true });
    return;
  }
  for (const line of view.lines) lineBlock(pdf, line, lang);
};

const decisionSection: Section = (pdf, view, lang) => {
  const w = wordsOf(lang);
  pdf.heading(w('decisionSection'));
  const d = view.decision;
  if (!d) {
    pdf.paragraph(w('notDecided'));
    if (view.proposal) {
      pdf.paragraph(w('proposal', { decision: decisionWord(lang, view.proposal) }));
      pdf.paragraph(w('proposalWhy'), { muted: true, size: 8 });
    }
    return;
  }
  pdf.fields([
    [w('decision'), decisionWord(lang, d.decision)],
    [w('reason'), d.reason],
    [w('decidedBy'), d.by],
    [w('decidedAt'), zonedTime(d.at, lang)],
  ]);
  pdf.subheading(w('signature'));
  const s = d.signature;
  if (!s) {
    pdf.paragraph(w('noSignature'), { muted: true });
    return;
  }
  pdf.fields([
    [w('signer'), s.name],
    [w('meaning'), meaningWord(s.meaning, lang)],
    [w('signedTime'), zonedTime(s.signed_at, lang)],
    [w('current'), s.current ? w('yes') : w('notCurrent')],
  ]);
};

const documentWord = (lang: Lang, file: { name: string; kind: string }) =>
  reportWord(lang, 'document', {
    name: file.name,
    kind: viewWord(lang, `orderView.attach.kind.${file.kind}`, file.kind),
  });

const timelineSection: Section = (pdf, view, lang) => {
  const w = wordsOf(lang);
  pdf.heading(w('timeline'));
  if (view.timeline.length === 0) pdf.paragraph(w('noTimeline'), { muted: true });
  else
    pdf.table(
      [
        { title: w('time'), width: 1.5 },
        { title: w('kind'), width: 1.1 },
        { title: w('author'), width: 1.4 },
        { title: w('text'), width: 5 },
      ],
      view.timeline.map((e) => [
        chinaTime(e.at),
        kindWord(lang, e.kind),
        e.author,
        [e.text, e.file ? documentWord(lang, e.file) : ''].filter(Boolean).join('\n'),
      ]),
    );
  if (view.evidence.length === 0) return;
  pdf.subheading(w('evidence'));
  pdf.table(
    [
      { title: w('name'), width: 4 },
      { title: w('kind'), width: 2 },
      { title: w('uploaded'), width: 1.6 },
    ],
    view.evidence.map((e) => [
      e.name,
      viewWord(lang, `orderView.attach.kind.${e.kind}`, e.kind),
      chinaTime(e.uploaded_at),
    ]),
  );
};
