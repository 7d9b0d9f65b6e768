import type { AuditLogEntry } from '../../../src/contract/audit/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import { chinaStamp } from '../../core/labels.ts';

/**
 * The trail in words (EU GMP Annex 11 §9: "convertible to a generally intelligible form"), for the
 * exports an inspector reads: each act's name, each change as `field: old → new`, the signature's
 * manifestation (Part 11 §11.50), in zh-CN or en. The portal's pages say the same with their own
 * catalogues (src/i18n/messages/audit-log.ts).
 */

type Words = Readonly<Record<string, readonly [zh: string, en: string]>>;

const ACTIONS: Words = {
  create: ['创建', 'Created'],
  edit: ['修改', 'Edited'],
  approve: ['审核通过', 'Approved'],
  reject: ['驳回', 'Rejected'],
  cancel: ['取消', 'Cancelled'],
  merge: ['合并到新订单', 'Merged into a new order'],
  merge_create: ['由合并创建', 'Created by a merge'],
  apply_modify: ['申请修改', 'Change requested'],
  modify_accepted: ['修改申请已接受', 'Change request accepted'],
  modify_rejected: ['修改申请已拒绝', 'Change request rejected'],
  remark: ['备注', 'Remark'],
  feedback: ['反馈', 'Feedback'],
  attachment_upload: ['上传单据', 'Document uploaded'],
  attachment_approve: ['单据审核通过', 'Document approved'],
  attachment_reject: ['单据驳回', 'Document rejected'],
  attachment_delete: ['删除单据', 'Document deleted'],
  print: ['打印', 'Printed'],
  email: ['发送邮件', 'Emailed'],
  share: ['分享跟踪', 'Tracking shared'],
  share_revoke: ['撤销分享', 'Share revoked'],
  confirm: ['服务商确认', 'Confirmed by the provider'],
  milestone: ['运输节点', 'Milestone'],
  readings: ['温度数据', 'Temperature readings'],
  track: ['轨迹', 'Track points'],
  sign: ['签收', 'Delivered and signed'],
  supplier_link: ['承运商链接', 'Carrier link made'],
  supplier_confirm: ['承运商确认', 'Carrier confirmed'],
  supplier_propose: ['承运商改约', 'Carrier proposed another time'],
  supplier_decline: ['承运商拒绝', 'Carrier declined'],
  reorder_level: ['补货线', 'Reorder level'],
  update: ['修改', 'Changed'],
  delete: ['删除', 'Deleted'],
  sign_in: ['登录', 'Signed in'],
  sign_in_failed: ['登录失败', 'Sign-in failed'],
  new_device: ['新设备登录', 'Signed in from a new device'],
  sign_out: ['退出登录', 'Signed out'],
  session_end: ['会话结束', 'Session ended'],
  switch_customer: ['切换客户', 'Switched customer'],
  password_change: ['修改密码', 'Password changed'],
  password_reset_code: ['找回密码：验证码已发送', 'Password reset: code sent'],
  password_reset: ['找回密码：已重置密码', 'Password reset by SMS code'],
  password_rated: ['密码强度评定', 'Password rated'],
  signature_failed: ['电子签名失败（密码错误）', 'Electronic signature failed (wrong password)'],
  signature_alert: ['已通知管理员：多次签名失败', 'Administrators told: repeated failed signatures'],
  second_factor_enrol: ['启用两步验证', 'Two-step sign-in turned on'],
  second_factor_remove: ['关闭两步验证', 'Two-step sign-in turned off'],
  second_factor_failed: ['两步验证失败', 'Two-step check failed'],
  recovery_code_used: ['使用恢复码', 'Recovery code used'],
  second_factor_reset: ['管理员重置两步验证', 'Two-step sign-in reset by an administrator'],
  recovery_codes_renewed: ['更换恢复码', 'Recovery codes renewed'],
  passkey_added: ['添加通行密钥', 'Passkey added'],
  passkey_removed: ['删除通行密钥', 'Passkey removed'],
  passkey_cloned: ['通行密钥计数异常（疑似复制）', 'Passkey counter went back (a copied key?)'],
  sso_linked: ['单点登录：已关联账户', 'Single sign-on: account linked'],
  sso_created: ['单点登录：已创建账户', 'Single sign-on: account created'],
  sso_deactivated: ['单点登录：身份已停用', 'Single sign-on: identity deactivated'],
  sso_logout: ['单点登录：身份提供方退出登录', 'Single sign-on: signed out by the identity provider'],
  scim_created: ['用户同步：已创建账户', 'Provisioning: account created'],
  scim_linked: ['用户同步：已关联账户', 'Provisioning: account linked'],
  scim_updated: ['用户同步：已更新账户', 'Provisioning: account updated'],
  scim_deactivated: ['用户同步：账户已停用', 'Provisioning: account deactivated'],
  scim_reactivated: ['用户同步：账户已恢复', 'Provisioning: account reactivated'],
  scim_deleted: ['用户同步：已删除（账户停用）', 'Provisioning: removed (account deactivated)'],
  audit_export: ['导出审计追踪', 'Audit trail exported'],
  rotate: ['更换密钥', 'Secret rotated'],
  revoke: ['撤销', 'Revoked'],
  enable: ['启用', 'Enabled'],
  disable: ['停用', 'Disabled'],
  reveal_secret: ['查看密钥', 'Secret viewed'],
};

/** The acts the trail records, in the order the log's action filter lists them. */
export const AUDIT_ACTIONS: readonly string[] = Object.keys(ACTIONS);

const RECORDS: Words = {
  order: ['订单', 'Order'],
  address: ['地址', 'Address'],
  inventory: ['库存', 'Stock line'],
  user: ['用户', 'User'],
  api_client: ['接口客户端', 'API client'],
  webhook_endpoint: ['Webhook 端点', 'Webhook endpoint'],
  session_policy: ['会话策略', 'Session policy'],
  sso_config: ['单点登录', 'Single sign-on'],
};

const ACTORS: Words = {
  user: ['用户', 'User'],
  provider: ['服务商', 'Provider'],
  system: ['系统', 'System'],
  client: ['接口客户端', 'API client'],
};

const MEANINGS: Words = {
  approval: ['批准', 'Approval'],
  review: ['审核', 'Review'],
  responsibility: ['负责', 'Responsibility'],
};

const pick = (words: Words, key: string, lang: Lang) => {
  const pair = words[key];
  return pair ? pair[lang === 'en' ? 1 : 0] : key;
};

export const actionWord = (action: string, lang: Lang) => pick(ACTIONS, action, lang);
export const recordWord = (type: string, lang: Lang) => pick(RECORDS, type, lang);
export const actorWord = (kind: string, lang: Lang) => pick(ACTORS, kind, lang);
export const meaningWord = (meaning: string, lang: Lang) => pick(MEANINGS, meaning, lang);

/** A value as a line shows it: text as it is, nothing as —, anything else as JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The entry's changes, one line each (`field: old → new`; a value set: `field: new`). */
export function changeLines(entry: Pick<AuditLogEntry, 'changes'>): string[] {
  return entry.changes
    .filter((c) => c.field !== 'signature')
    .map((c) =>
      c.old === null || c.old === undefined
        ? `${c.field}: ${valueText(c.new)}`
        : `${c.field}: ${valueText(c.old)} → ${valueText(c.new)}`,
    );
}

/** A time as every export writes it: China time, with its zone said. */
export const timeText = (iso: string, lang: Lang) =>
  `${chinaStamp(iso)} ${lang === 'en' ? 'China time (UTC+8)' : '北京时间'}`;

/** The signature's manifestation: printed name, meaning, date and time with zone (Part 11 §11.50). */
export function signatureText(entry: Pick<AuditLogEntry, 'signature'>, lang: Lang): string {
  const s = entry.signature;
  if (!s) return '';
  const line = `${s.name} · ${meaningWord(s.meaning, lang)} · ${timeText(s.signed_at, lang)}`;
  if (s.current) return line;
  return `${line} (${lang === 'en' ? 'applies to an earlier version' : '适用于较早版本'})`;
}

/** Who acted: the kind and the printed name at the time. */
export const actorText = (entry: Pick<AuditLogEntry, 'actor_kind' | 'actor_name'>, lang: Lang) =>
  `${actorWord(entry.actor_kind, lang)} ${entry.actor_name}`.trim();

/** The record: its kind and what people call it (an order's number), else its id. */
export const recordText = (
  entry: Pick<AuditLogEntry, 'record_type' | 'record_id' | 'record_label'>,
  lang: Lang,
) => `${recordWord(entry.record_type, lang)} ${entry.record_label || entry.record_id}`;
