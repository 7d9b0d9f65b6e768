import type { Lang } from '../../../src/contract/messages.ts';
import type { NotificationKind } from '../../../src/contract/notifications/schemas.ts';
import { chinaStamp } from '../../core/labels.ts';
import { escapeHtml } from '../order-exports/order-summary.ts';

/**
 * What a notification mail says, in zh-CN or en: the kind and the record's number (`ref`: an
 * order's or a case's number, an export's name; a new device's browser and system, its address
 * masked and the time) with a link into the portal. Nothing else of the record: a mail never
 * names a party, a patient, an address or a phone (the notifications keep only refs), so it needs
 * no masking of its own.
 */
const WORDS = {
  'zh-CN': {
    told: {
      approval_needed: (ref: string) => `订单 ${ref} 等待您审批`,
      excursion_opened: (ref: string) => `温度偏离 ${ref} 已开启`,
      excursion_decided: (ref: string) => `温度偏离 ${ref} 已作出处置决定`,
      document_rejected: (ref: string) => `订单 ${ref} 的附件被退回`,
      modification_answered: (ref: string) => `订单 ${ref} 的修改申请已答复`,
      delivered: (ref: string) => `订单 ${ref} 已送达`,
      export_ready: (ref: string) => `导出文件 ${ref} 已生成`,
      new_device_sign_in: (ref: string) =>
        `您的账号在新设备上登录（${ref}，北京时间）。如果不是您本人，请立即修改密码`,
      webhook_disabled: (ref: string) => `Webhook 地址 ${ref} 连续三天投递失败，已停用`,
    },
    kind: {
      approval_needed: '待我审批',
      excursion_opened: '温度偏离开启',
      excursion_decided: '温度偏离处置决定',
      document_rejected: '附件被退回',
      modification_answered: '修改申请答复',
      delivered: '订单送达',
      export_ready: '导出完成',
      new_device_sign_in: '新设备登录',
      webhook_disabled: 'Webhook 已停用',
    },
    subject: (what: string) => `【LP】${what}`,
    digestSubject: (n: number) => `【LP】每日通知汇总：${n} 条`,
    digestHeading: '您过去一天的通知',
    open: '在门户中查看',
    why: '您收到此邮件，是因为您在 LP 客户门户中选择了通过邮件接收这些通知。',
    stop: (kind: string) => `不再通过邮件接收“${kind}”通知`,
    settings: '您也可以随时在门户的通知设置中更改。',
    footer: '此邮件由 LP 客户门户自动发送，请勿直接回复。',
  },
  en: {
    told: {
      approval_needed: (ref: string) => `Order ${ref} awaits your approval`,
      excursion_opened: (ref: string) => `Temperature excursion ${ref} opened`,
      excursion_decided: (ref: string) => `A decision was made on excursion ${ref}`,
      document_rejected: (ref: string) => `A document of order ${ref} was rejected`,
      modification_answered: (ref: string) => `The change request for order ${ref} was answered`,
      delivered: (ref: string) => `Order ${ref} was delivered`,
      export_ready: (ref: string) => `Export ${ref} is ready`,
      new_device_sign_in: (ref: string) =>
        `Your account was signed in from a new device (${ref}, China time). If this was not you, change your password now`,
      webhook_disabled: (ref: string) =>
        `Webhook endpoint ${ref} was disabled after three days of failed deliveries`,
    },
    kind: {
      approval_needed: 'Approval needed',
      excursion_opened: 'Excursion opened',
      excursion_decided: 'Excursion decided',
      document_rejected: 'Document rejected',
      modification_answered: 'Change request answered',
      delivered: 'Order delivered',
      export_ready: 'Export ready',
      new_device_sign_in: 'Sign-in from a new device',
      webhook_disabled: 'Webhook disabled',
    },
    subject: (what: string) => `[LP] ${what}`,
    digestSubject: (n: number) => `[LP] Your daily digest: ${n} notification${n === 1 ? '' : 's'}`,
    digestHeading: 'Your notifications of the past day',
    open: 'Open in the portal',
    why: 'You get this email because you chose to be told of these by email in the LP customer portal.',
    stop: (kind: string) => `Stop emails about “${kind}”`,
    settings: 'You can also change this at any time in the portal’s notification settings.',
    footer: 'Sent by the LP customer portal; please do not reply to this message.',
  },
} as const;

/** One entry of a mail: its kind, its record's number, where to act (absolute), when. */
export interface MailEntry {
  kind: NotificationKind;
  ref: string;
  url: string;
  at: Date;
}

/** The sentence of an entry (`Order X awaits your approval`), as the bell says it. */
export const toldText = (kind: NotificationKind, ref: string, lang: Lang) =>
  (lang === 'en' ? WORDS.en : WORDS['zh-CN']).told[kind](ref);

/** A kind's name (`Approval needed`), as the notification settings call it. */
export const kindName = (kind: NotificationKind, lang: Lang) =>
  (lang === 'en' ? WORDS.en : WORDS['zh-CN']).kind[kind];

/**
 * The mail of one notification (`digest` false: exactly one entry) or of a day's digest, in
 * `lang`: the subject, an HTML body (every value escaped, inline styles only) and the same as
 * text; each kind it carries with the link that stops mailing it (`stop`, one per kind).
 */
export function renderMail(
  entries: readonly MailEntry[],
  lang: Lang,
  options: { digest: boolean; stop: ReadonlyArray<{ kind: NotificationKind; url: string }> },
): { subject: string; html: string; text: string } {
  const w = lang === 'en' ? WORDS.en : WORDS['zh-CN'];
  const e = escapeHtml;
  const first = entries[0];
  if (!first) throw new Error('a mail of no notification');
  const subject = options.digest ? w.digestSubject(entries.length) : w.subject(w.told[first.kind](first.ref));
  const stopText = options.stop.map((s) => `${w.stop(w.kind[s.kind])}: ${s.url}`);
  const footText = ['', '--', w.why, ...stopText, w.settings, w.footer];
  const link = (url: string, label: string) => `<a href="${e(url)}" style="color:#1557b0">${e(label)}</a>`;
  const footHtml = [
    '<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">',
    `<p style="font-size:12px;color:#666">${e(w.why)}<br>`,
    options.stop.map((s) => link(s.url, w.stop(w.kind[s.kind]))).join('<br>'),
    `<br>${e(w.settings)}</p>`,
    `<p style="font-size:12px;color:#666">${e(w.footer)}</p>`,
  ].join('');
  const open = `<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><body style="font-family:sans-serif;color:#222">`;
  if (!options.digest) {
    const what = w.told[first.kind](first.ref);
    return {
      subject,
      text: [what, '', `${w.open}: ${first.url}`, ...footText].join('\n'),
      html: [
        `<!doctype html>${open}`,
        `<p style="font-size:16px">${e(what)}</p>`,
        `<p>${link(first.url, w.open)}</p>`,
        footHtml,
        '</body></html>',
      ].join(''),
    };
  }
  const lines = entries.map((n) => `- ${chinaStamp(n.at)} ${w.told[n.kind](n.ref)}: ${n.url}`);
  const items = entries.map(
    (n) =>
      `<li style="margin:6px 0"><span style="color:#666">${e(chinaStamp(n.at))}</span> ${e(w.told[n.kind](n.ref))} · ${link(n.url, w.open)}</li>`,
  );
  return {
    subject,
    text: [w.digestHeading, '', ...lines, ...footText].join('\n'),
    html: [
      `<!doctype html>${open}`,
      `<h2 style="font-size:18px">${e(w.digestHeading)}</h2>`,
      `<ul style="padding-left:20px">${items.join('')}</ul>`,
      footHtml,
      '</body></html>',
    ].join(''),
  };
}
