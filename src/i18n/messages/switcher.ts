/** Messages of the customer switcher (`<lp-customer-switcher>`, src/features/customer-switcher). */
export const zh = {
  'account.switcher.label': '切换客户',
  'account.switcher.current': '当前客户',
  'account.switcher.filter': '输入客户名称或拼音首字母',
  'account.switcher.signedOut': '未登录',
  'account.switcher.loadFailed': '客户列表加载失败',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'account.switcher.label': 'Switch Customer',
  'account.switcher.current': 'Current Customer',
  'account.switcher.filter': 'Type a customer name or pinyin initials',
  'account.switcher.signedOut': 'Not signed in',
  'account.switcher.loadFailed': 'The customer list could not be loaded',
};
