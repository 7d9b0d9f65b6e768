/**
 * The OpenAPI document's tags: one per contract area (an operation's `area`), plus `meta`. Each
 * has a description (the document's readers and generators show it) and a name in both languages
 * (the reference page's section headings, /api/docs). A new area needs its entry here: the
 * document's lint test fails without it (Spectral's `operation-tag-defined`).
 */
export interface TagInfo {
  en: string;
  zh: string;
  description: string;
}

export const TAGS: Readonly<Record<string, TagInfo>> = {
  accounts: {
    en: 'Accounts and sessions',
    zh: '账户与会话',
    description:
      'Sign-in (password, captcha, SMS code, hand-over from another provider system), the session user, its customer accounts and password changes.',
  },
  'api-clients': {
    en: 'API clients',
    zh: 'API 客户端',
    description:
      'The customer’s API clients (OAuth 2.0 client credentials): created by a customer administrator, with scopes; the secret is shown once.',
  },
  audit: {
    en: 'Audit trail',
    zh: '审计追踪',
    description:
      'The customer’s audit trail for its administrators (21 CFR Part 11 §11.10(e)), with its Excel and PDF exports; another user is refused (403).',
  },
  chat: {
    en: 'Customer-service chat',
    zh: '在线客服',
    description:
      'The customer-service chat: works without a token (partner pages embed it) with the chat session of `common/get-qa-config`, open to the configured partner origins, limited per client address.',
  },
  evidence: {
    en: 'Evidence pack',
    zh: '证据包',
    description: 'An order’s evidence pack: a PDF for people, JSON for machines.',
  },
  excursions: {
    en: 'Temperature excursions',
    zh: '温度偏差',
    description:
      'Temperature excursion cases of the customer (assessment, electronically signed decisions, reports) and the products’ stability budgets; the provider’s side is signed.',
  },
  integration: {
    en: 'Integration',
    zh: '系统集成',
    description:
      'Calls from the provider’s other systems, signed with the shared secret (`X-Timestamp`, `X-Signature`).',
  },
  inventory: {
    en: 'Inventory',
    zh: '库存',
    description:
      'The customer’s stock, its movements, the goods pickers of the order form, the packing suggestion and the stock export.',
  },
  links: {
    en: 'Linked systems',
    zh: '关联系统',
    description: 'The provider’s other systems a signed-in user may open from the portal.',
  },
  'list-settings': {
    en: 'List settings',
    zh: '列表设置',
    description: 'Column settings and saved views of every list, per user and customer.',
  },
  live: {
    en: 'Live updates',
    zh: '实时更新',
    description:
      'The live stream (server-sent events) of the session’s changes, opened with a short-lived ticket.',
  },
  'master-data': {
    en: 'Master data',
    zh: '主数据',
    description:
      'Projects, sites (hospitals), addresses and regions of the customer; another customer’s record answers 404, as an unknown one does.',
  },
  menu: {
    en: 'Menu',
    zh: '菜单',
    description: 'The menu tree of the user’s group.',
  },
  notifications: {
    en: 'Notifications',
    zh: '通知',
    description:
      'The notification centre and each user’s choice of what they are told and how (in the portal, by mail at once or in a daily digest).',
  },
  'order-attachments': {
    en: 'Order documents',
    zh: '运单附件',
    description:
      'Order documents: uploads (type decided by content, at most 20 MB), the approver’s audit, signed download links, the provider’s documents.',
  },
  'order-editor': {
    en: 'Order editor and drafts',
    zh: '下单与草稿',
    description:
      'Creating and editing orders (idempotent on the caller’s `Idempotency-Key`) and the draft box.',
  },
  'order-exports': {
    en: 'Exports and printing',
    zh: '导出与打印',
    description:
      'Exports of the order list, the download centre, print records and the order summary by email.',
  },
  orders: {
    en: 'Orders',
    zh: '运单',
    description:
      'The order list, views and sections, the writes on orders (cancel, merge, approve, modify); the session’s customer’s orders only, masked (DTP).',
  },
  provider: {
    en: 'Provider API',
    zh: '承运方接口',
    description:
      'The provider’s side of an order, server to server, signed with the shared secret: confirmations, milestones, readings, track points, signatures, modification answers.',
  },
  stations: {
    en: 'Stations',
    zh: '网点',
    description:
      'The provider’s stations and depots (public), and their sync from the provider’s systems (signed).',
  },
  supplier: {
    en: 'Suppliers',
    zh: '供应商',
    description:
      'The carrier’s or supplier’s answer page behind a signed link, and the provider’s call that makes links.',
  },
  telemetry: {
    en: 'Telemetry',
    zh: '埋点与错误上报',
    description: 'Usage events and front-end error reports; they work with or without a token.',
  },
  tracking: {
    en: 'Order tracking',
    zh: '运单追踪',
    description:
      'Public order tracking (partner pages, the `/track` page) with a second factor or a share link, answering the masked status only; and the order view’s shares.',
  },
  webhooks: {
    en: 'Webhooks',
    zh: 'Webhook',
    description:
      'The customer’s webhook endpoints (Standard Webhooks 1.0), their secrets, the delivery log, replays and test events.',
  },
  meta: {
    en: 'About the API',
    zh: '关于本接口',
    description: 'This description, the API reference page and the health check.',
  },
};
