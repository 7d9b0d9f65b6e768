/** Messages of the API client's error catalogue (spec §8). */
export const zh = {
  'api.network': '您的网络环境不佳，请检查网络',
  'api.timeout': '请求超时，您的网络环境不佳，请检查网络',
  'api.badResponse': '服务器响应异常，请稍后重试',
  'api.unknownError': '请求失败，请稍后重试',
  'api.loggedInElsewhere': '您的账号已在别处登录，您可以取消以留在此页面，或重新登录',
  'api.loggedInElsewhereTitle': '确认登出',
  'api.relogin': '重新登录',
  'api.sessionExpired': '登录已失效，请重新登录',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'api.network': 'Your network connection is poor. Please check it and try again.',
  'api.timeout': 'The request timed out. Please check your network connection and try again.',
  'api.badResponse': 'The server answered unexpectedly. Please try again later.',
  'api.unknownError': 'The request failed. Please try again later.',
  'api.loggedInElsewhere':
    'Your account has been signed in elsewhere. Cancel to stay on this page, or sign in again.',
  'api.loggedInElsewhereTitle': 'Signed In Elsewhere',
  'api.relogin': 'Sign In Again',
  'api.sessionExpired': 'Your session has ended. Please sign in again.',
};
