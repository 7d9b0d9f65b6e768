import type { Lang } from '../../src/contract/messages.ts';

/**
 * The domain's values as an export, print record or email shows them, in both languages
 * (server artefacts cannot use the browser's catalogues): the same words as the portal's pages
 * (src/i18n/messages/order-list.ts; statuses as spec §4 names them).
 */
type Labels = Record<string, { zh: string; en: string }>;

const STATUS: Labels = {
  pending_approval: { zh: '待审核', en: 'Pending Review' },
  pending_confirm: { zh: '待确认', en: 'Pending Confirmation' },
  not_finished: { zh: '未完成', en: 'In Progress' },
  finished: { zh: '已完成', en: 'Completed' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
};

const ORDER_TYPE: Labels = {
  supply: { zh: '药品配送', en: 'Drug Supply' },
  sample: { zh: '样本运输', en: 'Sample Transport' },
  dtp: { zh: '直送患者', en: 'Direct to Patient' },
  return: { zh: '退回', en: 'Return' },
  destroy: { zh: '销毁', en: 'Destruction' },
  custom: { zh: '定制订单', en: 'Custom Order' },
};

const TEMP_CLASS: Labels = {
  ambient: { zh: '常温 15–25 °C', en: 'Ambient 15–25 °C' },
  chilled: { zh: '冷藏 2–8 °C', en: 'Chilled 2–8 °C' },
  frozen: { zh: '冷冻 −25…−15 °C', en: 'Frozen −25…−15 °C' },
  deep_frozen: { zh: '深冷 ≤ −60 °C', en: 'Deep Frozen ≤ −60 °C' },
  cryo: { zh: '超低温 ≤ −150 °C', en: 'Cryogenic ≤ −150 °C' },
};

const MILESTONE: Labels = {
  none: { zh: '—', en: '—' },
  confirmed: { zh: '已确认', en: 'Confirmed' },
  picked_up: { zh: '已取件', en: 'Picked Up' },
  in_transit: { zh: '运输中', en: 'In Transit' },
  out_for_delivery: { zh: '派送中', en: 'Out for Delivery' },
  delivered: { zh: '已送达', en: 'Delivered' },
};

const EXCURSION: Labels = {
  none: { zh: '无', en: 'None' },
  low: { zh: '轻微', en: 'Low' },
  medium: { zh: '中等', en: 'Medium' },
  high: { zh: '严重', en: 'High' },
};

const ATTACHMENTS: Labels = {
  missing: { zh: '缺少', en: 'Missing' },
  pending: { zh: '待审核', en: 'Pending' },
  approved: { zh: '已通过', en: 'Approved' },
  rejected: { zh: '已驳回', en: 'Rejected' },
};

const GOODS_TYPE: Labels = {
  '1': { zh: '药品', en: 'Drug' },
  '2': { zh: '样本', en: 'Sample' },
  '3': { zh: '物资', en: 'Material' },
};

const TABLES = {
  status: STATUS,
  order_type: ORDER_TYPE,
  temp_class: TEMP_CLASS,
  milestone: MILESTONE,
  excursion: EXCURSION,
  attachment_status: ATTACHMENTS,
  goods_type: GOODS_TYPE,
} as const;

/** The label of `value` in table `kind`; an unknown value shows as itself. */
export function label(kind: keyof typeof TABLES, value: string | number, lang: Lang): string {
  const entry = TABLES[kind][String(value)];
  if (!entry) return String(value);
  return lang === 'en' ? entry.en : entry.zh;
}

const chinaTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as China time, `yyyy-mm-dd hh:mm` ('' for none): how every export and email shows times. */
export function chinaStamp(at: Date | string | null): string {
  if (at === null) return '';
  const parts = Object.fromEntries(chinaTime.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
