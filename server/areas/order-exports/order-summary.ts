import { Code } from '../../../src/contract/codes.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { maskedFields, maskOrder } from '../orders/masking.ts';
import { redactorOf } from '../orders/redaction.ts';
import { chinaStamp, label } from '../../core/labels.ts';

/** The order of customer `cuId` as a summary shows it (masked); 404 for anything else. */
export async function summaryOrder(db: DB, cuId: number, id: number) {
  const order = await db
    .selectFrom('orders as o')
    .leftJoin('projects as p', 'p.pr_id', 'o.pr_id')
    .leftJoin('sites as s', 's.ho_id', 'o.ho_id')
    .select([
      'o.id',
      'o.order_no',
      'o.status',
      'o.order_type',
      'o.is_dtp',
      'o.to_goodstype',
      'o.temp_class',
      'o.from_company',
      'o.from_contact',
      'o.from_phone',
      'o.from_address',
      'o.to_company',
      'o.to_contact',
      'o.to_phone',
      'o.to_address',
      'o.pickup_at',
      'o.deliver_by',
      'o.milestone',
      'o.sign_name',
      'o.signed_at',
      'o.remark',
      'p.protocol_no',
      'p.name as project_name',
      's.name as site_name',
    ])
    .where('o.id', '=', id)
    .where('o.cu_id', '=', cuId)
    .executeTakeFirst();
  if (!order) throw new ApiError(Code.notFound, 'No such order');
  const goods = await db
    .selectFrom('order_goods')
    .select(['name', 'code', 'batch_no', 'quantity', 'unit'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  const boxes = await db
    .selectFrom('order_boxes')
    .select(['box_type', 'logger_id'])
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  const masked = maskOrder(order);
  const redact = await redactorOf(db, order);
  return {
    ...masked,
    sign_name: masked.sign_name === null ? null : redact.text(masked.sign_name, 'provider'),
    remark: redact.text(order.remark, 'customer'),
    masked: maskedFields(order),
    goods,
    boxes,
  };
}

type SummaryOrder = Awaited<ReturnType<typeof summaryOrder>>;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text made safe inside HTML elements and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

const WORDS = {
  zh: {
    subject: (no: string) => `【LP】订单 ${no} 摘要`,
    heading: '订单摘要',
    orderNo: '订单号',
    status: '状态',
    type: '订单类型',
    project: '项目',
    site: '中心',
    temp: '温度类别',
    shipper: '发货方',
    consignee: '收货方',
    pickup: '取件时间',
    deliverBy: '送达时限',
    milestone: '运输节点',
    signed: '签收',
    remark: '备注',
    goods: '货物',
    boxes: '包装箱',
    note: '发件人留言',
    maskedNote: '按数据保护规定，患者信息以 ****** 显示。',
    footer: '此邮件由 LP 客户门户发送，请勿直接回复。',
  },
  en: {
    subject: (no: string) => `[LP] Order ${no} Summary`,
    heading: 'Order Summary',
    orderNo: 'Order No.',
    status: 'Status',
    type: 'Order Type',
    project: 'Project',
    site: 'Site',
    temp: 'Temperature Class',
    shipper: 'Shipper',
    consignee: 'Consignee',
    pickup: 'Pickup Time',
    deliverBy: 'Deliver By',
    milestone: 'Milestone',
    signed: 'Signed',
    remark: 'Remark',
    goods: 'Goods',
    boxes: 'Boxes',
    note: 'Note from the sender',
    maskedNote: 'Patient details are shown as ****** (data protection).',
    footer: 'Sent by the LP customer portal; please do not reply to this message.',
  },
} as const;

/**
 * The order's summary as an email carries it, in `lang`: a subject, an HTML body (every value
 * escaped) and the same as plain text. Masked as every other artefact; `note` is the sender's own
 * (redacted by the caller, print-and-mail.ts).
 */
export function renderSummary(
  order: SummaryOrder,
  lang: Lang,
  note = '',
): { subject: string; html: string; text: string } {
  const w = lang === 'en' ? WORDS.en : WORDS.zh;
  const party = (company: string, contact: string, phone: string, address: string) =>
    [company, contact, phone, address].filter(Boolean).join(', ');
  const fields: Array<[string, string]> = [
    [w.orderNo, order.order_no],
    [w.status, label('status', order.status, lang)],
    [w.type, label('order_type', order.order_type, lang)],
    [w.project, [order.protocol_no, order.project_name].filter(Boolean).join(' ')],
    [w.site, order.site_name ?? ''],
    [w.temp, label('temp_class', order.temp_class, lang)],
    [w.shipper, party(order.from_company, order.from_contact, order.from_phone, order.from_address)],
    [w.consignee, party(order.to_company, order.to_contact, order.to_phone, order.to_address)],
    [w.pickup, chinaStamp(order.pickup_at)],
    [w.deliverBy, chinaStamp(order.deliver_by)],
    [w.milestone, label('milestone', order.milestone, lang)],
    [w.signed, [order.sign_name ?? '', chinaStamp(order.signed_at)].filter(Boolean).join(' ')],
    [w.remark, order.remark],
  ];
  const shown = fields.filter(([, value]) => value !== '');
  const goods = order.goods.map((g) =>
    `${g.name} ${g.code} ${g.batch_no} × ${Number(g.quantity)} ${g.unit}`.replace(/ +/g, ' '),
  );
  const boxes = order.boxes.map((b) => [b.box_type, b.logger_id].filter(Boolean).join(' · '));

  const text = [
    `${w.heading} ${order.order_no}`,
    '',
    ...shown.map(([k, v]) => `${k}: ${v}`),
    ...(goods.length ? ['', `${w.goods}:`, ...goods.map((g) => `- ${g}`)] : []),
    ...(boxes.length ? ['', `${w.boxes}:`, ...boxes.map((b) => `- ${b}`)] : []),
    ...(note ? ['', `${w.note}: ${note}`] : []),
    ...(order.masked.length ? ['', w.maskedNote] : []),
    '',
    w.footer,
  ].join('\n');

  const e = escapeHtml;
  const list = (title: string, items: string[]) =>
    items.length ? `<h3>${e(title)}</h3><ul>${items.map((i) => `<li>${e(i)}</li>`).join('')}</ul>` : '';
  const html = [
    `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><body style="font-family:sans-serif">`,
    `<h2>${e(w.heading)} ${e(order.order_no)}</h2>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...shown.map(([k, v]) => `<tr><th align="left">${e(k)}</th><td>${e(v)}</td></tr>`),
    '</table>',
    list(w.goods, goods),
    list(w.boxes, boxes),
    note ? `<p><strong>${e(w.note)}:</strong> ${e(note)}</p>` : '',
    order.masked.length ? `<p><small>${e(w.maskedNote)}</small></p>` : '',
    `<p><small>${e(w.footer)}</small></p>`,
    '</body></html>',
  ].join('');
  return { subject: w.subject(order.order_no), html, text };
}
