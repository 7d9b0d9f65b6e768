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
  'api.network': 'your network environment is poor, please check the network',
  'api.timeout': 'the request timed out, your network environment is poor, please check the network',
  'api.badResponse': 'the server answered unexpectedly, please try again later',
  'api.unknownError': 'the request failed, please try again later',
  'api.loggedInElsewhere':
    'your account has been logged in elsewhere; cancel to stay on this page or log in again',
  'api.loggedInElsewhereTitle': 'Confirm logout',
  'api.relogin': 'Re-login',
  'api.sessionExpired': 'your session has ended, please log in again',
};
