import { beforeAll, describe, expect, it } from 'vitest';
import { caseNo } from '../../../src/contract/excursions/domain.ts';
import type { CaseLine, CaseView } from '../../../src/contract/excursions/schemas.ts';
import { pdfFonts } from '../../core/pdf.ts';
import { pdfPages } from '../../testing/pdf-text.ts';
import { renderCaseReport } from './report.ts';
import { durationText } from './report-words.ts';

const OPENED = '2026-12-01T02:10:00.000Z'; // 10:10 China time
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.parse(OPENED) + minutes * MINUTE).toISOString();

/** A goods line of the fixture's case, with a two-band budget and an earlier case of its batch. */
function line(i: number): CaseLine {
  return {
    code: `P-${100 + i}`,
    name: i === 0 ? '研究用药 A 注射液 Study drug A' : `Product ${i}`,
    batch_no: `B2026-${String(i).padStart(3, '0')}`,
    quantity: 40 + i,
    unit: 'vials',
    in_id: 900 + i,
    depot: 'Shanghai Central Depot',
    hold: 'on_hold',
    on_hand: 40 + i,
    budget: i === 0 ? 'over' : 'within',
    bands: [
      { min: 8, max: 25, hours: 72, shipment_minutes: 205, earlier_minutes: 95, over: false },
      { min: null, max: 2, hours: 0, shipment_minutes: i === 0 ? 12 : 0, earlier_minutes: 0, over: i === 0 },
    ],
    unbudgeted_minutes: i === 0 ? 7 : 0,
    earlier: [
      {
        id: 3,
        case_no: caseNo(3),
        order_no: `ORD-20261105-${i}`,
        opened_at: '2026-11-05T06:00:00.000Z',
        minutes_out: 95,
        decision: 'release',
      },
    ],
  };
}

/** A case of a chilled shipment: `episodes` out-of-range spans of 25 minutes each, 3 readings an hour. */
function caseView(options: { episodes?: number; lines?: number; decided?: boolean } = {}): CaseView {
  const episodes = Array.from({ length: options.episodes ?? 3 }, (_, i) => ({
    from: at(i * 120 + 30),
    to: at(i * 120 + 55),
    minutes: 25 + i,
    min: 8.4,
    max: 11.5 + i / 10,
    level: i === 0 ? ('high' as const) : ('medium' as const),
  }));
  const span = (options.episodes ?? 3) * 120 + 60;
  const readings = Array.from({ length: span / 20 + 1 }, (_, k) => {
    const minutes = k * 20;
    const out = episodes.some(
      (e) => Date.parse(e.from) <= Date.parse(at(minutes)) && Date.parse(at(minutes)) <= Date.parse(e.to),
    );
    return { at: at(minutes), celsius: out ? 10.5 : 5 + (k % 3) / 2 };
  });
  const decided = options.decided ?? false;
  return {
    case: {
      id: 12,
      case_no: caseNo(12),
      order_id: 501,
      order_no: 'ORD-20261201-0042',
      pr_id: 7,
      protocol_no: 'LP-ONC-301',
      logger_id: 'TL-88031',
      temp_class: 'chilled',
      state: decided ? 'decided' : 'assessment',
      level: 'high',
      budget: 'over',
      minutes_out: 205,
      peak: 11.7,
      opened_at: OPENED,
      assignee: { uid: 4, name: 'Li Wei' },
      decision: decided ? 'quarantine' : null,
      decided_at: decided ? at(2000) : null,
    },
    order: {
      id: 501,
      order_no: 'ORD-20261201-0042',
      status: 'finished',
      from_company: 'Shanghai Central Depot',
      to_company: '复旦大学附属肿瘤医院 Fudan University Cancer Center',
      pickup_at: at(-60),
      signed_at: at(span),
    },
    limits: { min: 2, max: 8 },
    mkt: 6.234,
    readings,
    episodes,
    lines: Array.from({ length: options.lines ?? 1 }, (_, i) => line(i)),
    proposal: decided ? null : 'quarantine',
    decision: decided
      ? {
          decision: 'quarantine',
          reason:
            'The 2–8 °C budget of batch B2026-000 is spent; the goods stay in quarantine until the manufacturer’s stability data for 12 minutes below 2 °C arrive. '.repeat(
              3,
            ),
          by: 'Zhang Min',
          at: at(2000),
          signature: { name: 'Zhang Min', meaning: 'approval', signed_at: at(2000), current: true },
        }
      : null,
    timeline: [
      { at: OPENED, kind: 'opened', author: 'System', text: 'Opened from the logger’s readings', file: null },
      { at: at(5), kind: 'assigned', author: 'Chen Jie', text: 'Assigned to Li Wei', file: null },
      {
        at: at(30),
        kind: 'comment',
        author: 'Li Wei',
        text: 'The data logger report from the depot confirms the readings. '.repeat(8),
        file: { id: 77, name: 'TL-88031 report.pdf', kind: 'temperature_report' },
      },
    ],
    evidence: [{ id: 77, name: 'TL-88031 report.pdf', kind: 'temperature_report', uploaded_at: at(25) }],
    assignees: [{ uid: 4, name: 'Li Wei' }],
    may: { assign: false, comment: true, decide: !decided },
  };
}

const META = { generatedAt: new Date('2026-12-03T01:02:03.000Z'), generatedBy: 'Wang Fang' };

/** The PDF's text, page by page, and as one line (a cell's text wraps where it must). */
async function report(view: CaseView, lang: 'en' | 'zh-CN') {
  const bytes = await renderCaseReport(view, lang, META);
  const pages = pdfPages(bytes);
  const text = pages.join('\n');
  return { bytes, pages, text, line: text.replace(/\s+/g, ' ') };
}

/** The page count the PDF's page tree states (`/Type /Pages … /Count n`). */
const pageCount = (bytes: Buffer) =>
  Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(bytes.toString('latin1'))?.[1]);

/** A moment as the PDF writes it: China time to the second. */
const chinaStamp = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The text between two headings (the first page that has `from` on it onwards). */
const between = (line: string, from: string, to: string) => {
  const start = line.indexOf(from);
  const end = line.indexOf(to, start + from.length);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return line.slice(start, end);
};

// the fonts are read once per process: not a part of any test's time
beforeAll(() => pdfFonts());

describe('renderCaseReport: the excursion report PDF', () => {
  it('durations read as hours and minutes in both languages', () => {
    expect(durationText(205, 'en')).toBe('3 h 25 min');
    expect(durationText(205, 'zh-CN')).toBe('3 小时 25 分钟');
    expect(durationText(25, 'en')).toBe('25 min');
    expect(durationText(120, 'zh-CN')).toBe('2 小时');
    expect(durationText(0, 'en')).toBe('0 min');
  });

  it('a decided case in English: the case, the summary, the episodes, the budget rows, the decision and its signature, the timeline, in that order', async () => {
    const view = caseView({ decided: true });
    const { bytes, pages, text, line } = await report(view, 'en');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages.length).toBe(pageCount(bytes));
    expect(pages[0]).toContain('Temperature excursion report EXC-000012');
    // the case, with times in China time and the zone said
    for (const s of [
      'ORD-20261201-0042',
      'LP-ONC-301',
      'TL-88031',
      'Chilled 2–8 °C',
      '2.0 … 8.0 °C',
      'Decided',
      '2026-12-01 10:10:00 China time (UTC+08:00)',
    ])
      expect(line).toContain(s);
    // the summary
    const summary = between(line, 'Summary', 'Temperature chart');
    expect(summary).toContain('Total time out of range 3 h 25 min');
    expect(summary).toContain('Peak 11.7 °C');
    expect(summary).toContain('Mean kinetic temperature (MKT) 6.2 °C');
    expect(summary).toContain('Severity High');
    expect(summary).toContain('Stability budget Over budget');
    // the episodes: from, to, duration, min, max, level
    const episodes = between(line, 'Episodes out of range', 'Goods and stability budgets');
    expect(episodes).toContain('1 2026-12-01 10:40:00 2026-12-01 11:05:00 25 min 8.4 11.5 High');
    expect(episodes).toContain('3 2026-12-01 14:40:00 2026-12-01 15:05:00 27 min 8.4 11.7 Medium');
    // the goods line, its budget bands (allowed, this shipment, earlier, total, over) and earlier cases
    const goods = between(line, 'Goods and stability budgets', 'Decision and signature');
    expect(goods).toContain('P-100 研究用药 A 注射液 Study drug A');
    expect(goods).toContain('B2026-000 40 vials');
    expect(goods).toContain('Shanghai Central Depot On hold 40 vials Over budget');
    expect(goods).toContain('8.0 … 25.0 °C 72 h 3 h 25 min 1 h 35 min 5 h no');
    expect(goods).toContain('≤ 2.0 °C never 12 min 0 min 12 min yes');
    expect(goods).toContain('Outside every band (counts as over): 7 min');
    expect(goods).toContain('EXC-000003 ORD-20261105-0 2026-11-05 14:00:00 1 h 35 min Release');
    // the decision and the signature's manifestation: printed name, meaning, date and time with zone
    const decision = between(line, 'Decision and signature', 'Timeline');
    expect(decision).toContain('Decision Quarantine');
    expect(decision).toContain('the goods stay in quarantine');
    expect(decision).toContain('Decided by Zhang Min');
    expect(decision).toContain('Electronic signature (21 CFR Part 11 §11.50)');
    expect(decision).toContain('Printed name Zhang Min');
    expect(decision).toContain('Meaning Approval');
    expect(decision).toContain('Date and time 2026-12-02 19:30:00 China time (UTC+08:00)');
    expect(decision).toContain('Still as signed yes');
    expect(decision).not.toContain('not decided');
    // the timeline, with the document a comment points to
    const timeline = line.slice(line.indexOf('Timeline'));
    expect(timeline).toContain('2026-12-01 10:15:00 Assigned Chen Jie Assigned to Li Wei');
    expect(timeline).toContain('Document: TL-88031 report.pdf (Temperature report)');
    // the footer of every page: generated at and by, page x of y
    pages.forEach((page, i) => {
      expect(page).toContain('Generated 2026-12-03 09:02:03 China time (UTC+08:00) by Wang Fang');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(text).not.toContain('\uFFFD');
  });

  it('an undecided case in Chinese: the Chinese words, not decided, and what is proposed', async () => {
    const { pages, line } = await report(caseView(), 'zh-CN');
    expect(pages[0]).toContain('温度偏差报告 EXC-000012');
    for (const s of [
      '冷藏 2–8 °C',
      '评估中',
      '2026-12-01 10:10:00 北京时间（UTC+08:00）',
      '超出范围总时长 3 小时 25 分钟',
      '平均动力学温度（MKT） 6.2 °C',
      '严重程度 严重',
      '稳定性预算 超出预算',
      '超出范围的时段',
      '2026-12-01 10:40:00 2026-12-01 11:05:00 25 分钟 8.4 11.5 严重',
      '暂扣待决',
      '8.0 … 25.0 °C 72 小时 3 小时 25 分钟 1 小时 35 分钟 5 小时 否',
      '≤ 2.0 °C 不允许 12 分钟 0 分钟 12 分钟 是',
      '本批次此前的偏差',
      '放行',
      '本偏差尚未作出处置决定。',
      '系统建议：隔离',
      '时间线',
      '单据：TL-88031 report.pdf（温度报告）',
    ])
      expect(line).toContain(s);
    expect(line).not.toContain('21 CFR Part 11');
    expect(line).not.toContain('签名人');
    pages.forEach((page, i) => {
      expect(page).toContain('生成时间 2026-12-03 09:02:03 北京时间（UTC+08:00） · 生成人 Wang Fang');
      expect(page).toContain(`第 ${i + 1} 页，共 ${pages.length} 页`);
    });
  });

  it('without MKT (a frozen class) it leaves the MKT out; without readings or lines it says so', async () => {
    const view = caseView({ episodes: 0, lines: 0 });
    const { line } = await report(
      { ...view, mkt: null, readings: [], case: { ...view.case, temp_class: 'frozen' } },
      'en',
    );
    expect(line).not.toContain('Mean kinetic temperature');
    expect(line).toContain('No temperature readings.');
    expect(line).toContain('No episode out of range.');
    expect(line).toContain('The shipment has no goods lines.');
  });

  it('a long case (50 episodes, 20 lines) flows over several pages, every episode and line in it', async () => {
    const view = caseView({ episodes: 50, lines: 20, decided: true });
    const { bytes, pages, line } = await report(view, 'en');
    expect(pages.length).toBe(pageCount(bytes));
    expect(pages.length).toBeGreaterThan(4);
    for (const [i, e] of view.episodes.entries())
      expect(line).toContain(
        `${i + 1} ${chinaStamp(e.from)} ${chinaStamp(e.to)} ${durationText(e.minutes, 'en')}`,
      );
    for (const l of view.lines) expect(line).toContain(`${l.code} ${l.name}`);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(line).toContain('Printed name Zhang Min');
  });
});
