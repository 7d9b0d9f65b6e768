import type { Lang } from '../../../src/contract/messages.ts';
import type { CellValue } from '../../core/spreadsheet-cell.ts';
import type { ExportOrder, ExportPage } from './export-rows.ts';
import { chinaStamp, label } from '../../core/labels.ts';
import { meaningWord, timeText } from '../audit/words.ts';

/** A cell's value: text or a number (never a formula: see xlsx.ts). */

export interface Column {
  zh: string;
  en: string;
  /** Width in characters. */
  width: number;
}

/** What an export writes: its sheet, its columns, and the rows a page of orders becomes. */
export interface Template {
  kind: 'xlsorder' | 'xlsjinyu';
  /** The file's and sheet's name. */
  title: { zh: string; en: string };
  columns: readonly Column[];
  /** Whether the rows need the orders' goods lines and boxes. */
  withLines: boolean;
  rows(page: ExportPage, lang: Lang): CellValue[][];
}

const col = (zh: string, en: string, width = 16): Column => ({ zh, en, width });

/** `xlsorder`: the order list, one row per order, the list's columns and both parties in full (masked). */
export const orderTemplate: Template = {
  kind: 'xlsorder',
  title: { zh: '订单列表', en: 'Orders' },
  withLines: false,
  columns: [
    col('订单号', 'Order No.', 20),
    col('状态', 'Status', 14),
    col('订单类型', 'Order Type', 14),
    col('方案号', 'Protocol No.', 16),
    col('项目名称', 'Project', 24),
    col('中心', 'Site', 24),
    col('温度类别', 'Temperature Class', 18),
    col('货物类型', 'Goods Type', 10),
    col('发货单位', 'Shipper', 24),
    col('发货联系人', 'Shipper Contact', 14),
    col('发货电话', 'Shipper Phone', 16),
    col('发货城市', 'Origin City', 10),
    col('发货地址', 'Origin Address', 32),
    col('收货单位', 'Consignee', 24),
    col('收货联系人', 'Consignee Contact', 14),
    col('收货电话', 'Consignee Phone', 16),
    col('收货城市', 'Destination City', 10),
    col('收货地址', 'Destination Address', 32),
    col('取件时间', 'Pickup Time', 17),
    col('送达时限', 'Deliver By', 17),
    col('运输节点', 'Milestone', 14),
    col('温度偏差', 'Excursion', 10),
    col('附件状态', 'Documents', 10),
    col('签收人', 'Signed By', 12),
    col('签收时间', 'Signed At', 17),
    col('备注', 'Remark', 30),
    col('创建时间', 'Created At', 17),
    col('审批电子签名', 'Approval e-signature', 36),
  ],
  rows(page, lang) {
    return page.orders.map((o) => [
      o.order_no,
      label('status', o.status, lang),
      label('order_type', o.order_type, lang),
      o.protocol_no,
      o.project_name,
      o.site_name,
      label('temp_class', o.temp_class, lang),
      label('goods_type', o.to_goodstype, lang),
      o.from_company,
      o.from_contact,
      o.from_phone,
      o.from_city,
      o.from_address,
      o.to_company,
      o.to_contact,
      o.to_phone,
      o.to_city,
      o.to_address,
      chinaStamp(o.pickup_at),
      chinaStamp(o.deliver_by),
      label('milestone', o.milestone, lang),
      label('excursion', o.excursion, lang),
      label('attachment_status', o.attachment_status, lang),
      o.sign_name ?? '',
      chinaStamp(o.signed_at),
      o.remark,
      chinaStamp(o.created_at),
      approvalText(page, o, lang),
    ]);
  },
};

/** An order's approval signature as the sheet writes it: name, meaning, time with its zone. */
function approvalText(page: ExportPage, order: ExportOrder, lang: Lang): string {
  const s = page.approvals.get(order.id);
  if (!s) return '';
  return `${s.name} · ${meaningWord(s.meaning, lang)} · ${timeText(s.signed_at, lang)}`;
}

const loggers = (page: ExportPage, order: ExportOrder) =>
  (page.boxes.get(order.id) ?? []).map((b) => b.logger_id).filter(Boolean);
const boxTypes = (page: ExportPage, order: ExportOrder) =>
  (page.boxes.get(order.id) ?? []).map((b) => b.box_type).filter(Boolean);

/**
 * `xlsjinyu`: the central-lab sample template, the sheet a central laboratory books a pickup
 * against. One row per goods line (an order without lines gives one row with the line columns
 * empty); the order's columns repeat on each of its rows so the sheet sorts and filters as is.
 */
export const sampleTemplate: Template = {
  kind: 'xlsjinyu',
  title: { zh: '中心实验室样本清单', en: 'Central Lab Samples' },
  withLines: true,
  columns: [
    col('订单号', 'Order No.', 20),
    col('方案号', 'Protocol No.', 16),
    col('项目名称', 'Project', 24),
    col('中心', 'Site', 24),
    col('科室', 'Department', 12),
    col('行号', 'Line', 6),
    col('样本/货物编码', 'Sample Code', 14),
    col('样本/货物名称', 'Sample', 20),
    col('规格', 'Specification', 14),
    col('批号', 'Batch/Lot', 14),
    col('有效期', 'Expiry', 12),
    col('数量', 'Quantity', 8),
    col('单位', 'Unit', 6),
    col('温度类别', 'Temperature Class', 18),
    col('取件时间', 'Pickup Time', 17),
    col('送达时限', 'Deliver By', 17),
    col('箱型', 'Box Type', 20),
    col('温度记录仪', 'Logger IDs', 24),
    col('收样单位', 'Receiving Lab', 24),
    col('状态', 'Status', 14),
  ],
  rows(page, lang) {
    const out: CellValue[][] = [];
    for (const o of page.orders) {
      const head = [o.order_no, o.protocol_no, o.project_name, o.site_name, o.site_department];
      const tail = [
        label('temp_class', o.temp_class, lang),
        chinaStamp(o.pickup_at),
        chinaStamp(o.deliver_by),
        boxTypes(page, o).join(', '),
        loggers(page, o).join(', '),
        o.to_company,
        label('status', o.status, lang),
      ];
      const lines = page.goods.get(o.id) ?? [];
      if (lines.length === 0) out.push([...head, '', '', '', '', '', '', '', '', ...tail]);
      lines.forEach((g, i) => {
        const quantity = Number(g.quantity);
        out.push([
          ...head,
          i + 1,
          g.code,
          g.name,
          g.spec,
          g.batch_no,
          g.expiry ?? '',
          Number.isFinite(quantity) ? quantity : g.quantity,
          g.unit,
          ...tail,
        ]);
      });
    }
    return out;
  },
};

export const TEMPLATES = { xlsorder: orderTemplate, xlsjinyu: sampleTemplate } as const;
