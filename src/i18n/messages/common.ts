/**
 * Strings shared by the whole product. Each area has its own file with a `zh` and an `en`
 * object of the same keys; `src/i18n/catalogue.ts` merges them. The English wording follows the
 * spec's English texts.
 */
export const zh = {
  'app.name': '物流客户系统',
  'app.fullName': '医药临床物流客户服务平台',
  'common.ok': '确定',
  'common.cancel': '取消',
  'common.close': '关闭',
  'common.save': '保存',
  'common.loading': '加载中…',
  'common.empty': '暂无数据',
  'common.retry': '重试',
  'common.error': '出错了',
  'common.search': '搜索',
  'common.chinaTime': '北京时间',
  'common.timesInChina': '时间均为北京时间（UTC+8）',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'app.name': 'Logistics Customer Portal',
  'app.fullName': 'Clinical Logistics Customer Portal',
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.loading': 'Loading…',
  'common.empty': 'No data',
  'common.retry': 'Retry',
  'common.error': 'Something went wrong',
  'common.search': 'Search',
  'common.chinaTime': 'China time (UTC+8)',
  'common.timesInChina': 'Times are China time (UTC+8)',
};
