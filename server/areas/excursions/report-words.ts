import type { BudgetState, CaseState, Decision, Hold } from '../../../src/contract/excursions/domain.ts';
import type { TimelineEntry } from '../../../src/contract/excursions/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';

/**
 * The excursion report's PDF in words, zh-CN and en (report.ts). Words the evidence pack already
 * has (signature meanings, documents' kinds, the temperature classes and severity levels) come from
 * where it takes them, so the two PDFs never name one thing two ways; states, decisions and holds
 * read as the case page names them (src/i18n/messages/excursions.ts).
 */

const WORDS = {
  brand: ['LP 物流', 'LP Logistics'],
  title: ['温度偏差报告', 'Temperature excursion report'],
  zone: ['所有时间均为北京时间（UTC+08:00）', 'All times are China Standard Time (UTC+08:00)'],
  generated: ['生成时间 {at} · 生成人 {by}', 'Generated {at} by {by}'],
  page: ['第 {page} 页，共 {pages} 页', 'Page {page} of {pages}'],
  // the case
  caseNo: ['偏差编号', 'Case no.'],
  orderNo: ['订单号', 'Order no.'],
  project: ['项目（方案号）', 'Project (protocol)'],
  logger: ['记录仪', 'Logger'],
  tempClass: ['温度等级', 'Temperature class'],
  limits: ['允许范围', 'Allowed range'],
  noBound: ['无限制', 'no bound'],
  state: ['状态', 'State'],
  openedAt: ['开立时间', 'Opened'],
  assignee: ['评估人', 'Assessed by'],
  nobody: ['未指派', 'not assigned'],
  route: ['发货方 → 收货方', 'From → to'],
  pickupAt: ['提货时间', 'Picked up'],
  signedAt: ['签收时间', 'Signed for'],
  // summary
  summary: ['概要', 'Summary'],
  minutesOut: ['超出范围总时长', 'Total time out of range'],
  peak: ['峰值', 'Peak'],
  mkt: ['平均动力学温度（MKT）', 'Mean kinetic temperature (MKT)'],
  level: ['严重程度', 'Severity'],
  budget: ['稳定性预算', 'Stability budget'],
  episodesCount: ['偏差段数', 'Episodes'],
  // chart
  chart: ['温度曲线', 'Temperature chart'],
  chartKey: [
    '绿色：允许范围；红色虚线：上下限；浅红色：超出范围的时段。共 {count} 个读数。',
    'Green: the allowed range; red dashed lines: its limits; light red: the episodes out of range. {count} readings.',
  ],
  noReadings: ['没有温度读数。', 'No temperature readings.'],
  // episodes
  episodes: ['超出范围的时段', 'Episodes out of range'],
  noEpisodes: ['没有超出范围的时段。', 'No episode out of range.'],
  from: ['开始', 'From'],
  to: ['结束', 'To'],
  duration: ['时长', 'Duration'],
  min: ['最低 °C', 'Min °C'],
  max: ['最高 °C', 'Max °C'],
  // goods
  goods: ['货物与稳定性预算', 'Goods and stability budgets'],
  noGoods: ['本次运输没有货物行。', 'The shipment has no goods lines.'],
  batch: ['批号', 'Batch/Lot'],
  quantity: ['数量', 'Quantity'],
  onHand: ['现存', 'On hand'],
  depot: ['存放仓库', 'Held at'],
  noDepot: ['尚未入库', 'not yet in stock'],
  hold: ['暂扣状态', 'Hold'],
  band: ['温度区间', 'Band'],
  allowed: ['允许时长', 'Allowed'],
  shipment: ['本次运输', 'This shipment'],
  earlierMinutes: ['此前运输', 'Earlier shipments'],
  total: ['合计', 'Total'],
  over: ['超出', 'Over'],
  never: ['不允许', 'never'],
  yes: ['是', 'yes'],
  no: ['否', 'no'],
  unbudgeted: [
    '不在任何区间内的时长（计为超出）：{duration}',
    'Outside every band (counts as over): {duration}',
  ],
  noBands: ['本产品未维护稳定性预算。', 'No stability budget is kept for this product.'],
  earlierCases: ['本批次此前的偏差', "The batch's earlier cases"],
  noEarlier: ['本批次此前没有偏差。', 'The batch has no earlier case.'],
  date: ['日期', 'Date'],
  decision: ['决定', 'Decision'],
  undecided: ['未决定', 'not decided'],
  // the decision
  decisionSection: ['处置决定与签名', 'Decision and signature'],
  reason: ['原因', 'Reason'],
  decidedBy: ['决定人', 'Decided by'],
  decidedAt: ['决定时间', 'Decided'],
  signature: ['电子签名（21 CFR Part 11 §11.50）', 'Electronic signature (21 CFR Part 11 §11.50)'],
  signer: ['签名人', 'Printed name'],
  meaning: ['含义', 'Meaning'],
  signedTime: ['日期与时间', 'Date and time'],
  current: ['仍为签署时版本', 'Still as signed'],
  notCurrent: ['否（适用于较早版本）', 'no (applies to an earlier version)'],
  noSignature: ['没有电子签名记录。', 'No electronic signature is recorded.'],
  notDecided: ['本偏差尚未作出处置决定。', 'The case is not decided.'],
  proposal: ['系统建议：{decision}', 'Proposed: {decision}'],
  proposalWhy: [
    '系统仅在所有货物行均在稳定性预算内时建议放行；处置决定由客户作出并电子签名。',
    "The system proposes release only when every goods line is within its stability budget; the decision is the customer's, with an electronic signature.",
  ],
  // timeline
  timeline: ['时间线', 'Timeline'],
  noTimeline: ['没有记录。', 'Nothing recorded.'],
  time: ['时间', 'Time'],
  kind: ['类型', 'Kind'],
  author: ['作者', 'By'],
  text: ['内容', 'Text'],
  document: ['单据：{name}（{kind}）', 'Document: {name} ({kind})'],
  evidence: ['证据单据', 'Evidence documents'],
  name: ['名称', 'Name'],
  uploaded: ['上传时间', 'Uploaded'],
} as const satisfies Record<string, readonly [string, string]>;

export type ReportWord = keyof typeof WORDS;

const pick = (lang: Lang, pair: readonly [string, string]) => pair[lang === 'en' ? 1 : 0];

/** The report's word `key` in `lang`, `{name}` filled from `params`. */
export function reportWord(
  lang: Lang,
  key: ReportWord,
  params: Record<string, string | number> = {},
): string {
  return pick(lang, WORDS[key]).replace(/\{(\w+)\}/g, (all, name: string) =>
    name in params ? String(params[name]) : all,
  );
}

const STATES: Record<CaseState, readonly [string, string]> = {
  open: ['待处理', 'Open'],
  assessment: ['评估中', 'Under assessment'],
  decided: ['已决定', 'Decided'],
  closed: ['已关闭', 'Closed'],
};

const DECISION_WORDS: Record<Decision, readonly [string, string]> = {
  release: ['放行', 'Release'],
  quarantine: ['隔离', 'Quarantine'],
  destroy: ['销毁', 'Destroy'],
  return: ['退回仓库', 'Return to depot'],
};

const BUDGETS: Record<BudgetState, readonly [string, string]> = {
  within: ['在预算内', 'Within budget'],
  over: ['超出预算', 'Over budget'],
  none: ['未维护预算', 'No budget kept'],
};

const HOLD_WORDS: Record<Hold, readonly [string, string]> = {
  none: ['可用', 'Available'],
  on_hold: ['暂扣待决', 'On hold'],
  quarantined: ['已隔离', 'Quarantined'],
};

const KINDS: Record<TimelineEntry['kind'], readonly [string, string]> = {
  opened: ['开立', 'Opened'],
  assigned: ['指派', 'Assigned'],
  comment: ['评论', 'Comment'],
  decided: ['决定', 'Decided'],
  closed: ['关闭', 'Closed'],
  readings: ['读数更新', 'Readings updated'],
};

export const stateWord = (lang: Lang, state: CaseState) => pick(lang, STATES[state]);
export const decisionWord = (lang: Lang, decision: Decision) => pick(lang, DECISION_WORDS[decision]);
export const budgetWord = (lang: Lang, budget: BudgetState) => pick(lang, BUDGETS[budget]);
export const holdWord = (lang: Lang, hold: Hold) => pick(lang, HOLD_WORDS[hold]);
export const kindWord = (lang: Lang, kind: TimelineEntry['kind']) => pick(lang, KINDS[kind]);

/** Minutes as people read a duration: `3 h 25 min` / `3 小时 25 分钟` (whole minutes). */
export function durationText(minutes: number, lang: Lang): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const [h, m] = lang === 'en' ? [' h', ' min'] : [' 小时', ' 分钟'];
  if (hours === 0) return `${rest}${m}`;
  return rest === 0 ? `${hours}${h}` : `${hours}${h} ${rest}${m}`;
}
