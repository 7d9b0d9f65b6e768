/** Messages of the session, customer and route stores. */
export const zh = {
  'session.switchSuccess': '切换成功',
  'session.switching': '正在切换到 {name}…',
  'session.verificationFailed': '验证失败，请重新登录。',
  'session.rolesRequired': 'getInfo: 角色必须是非空数组！',
  'session.routeError': '获取菜单失败',
  'session.hasError': '出错了',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'session.switchSuccess': 'Customer account switched.',
  'session.switching': 'Switching to {name}…',
  'session.verificationFailed': 'Verification failed. Please sign in again.',
  'session.rolesRequired': 'Your account has no role in this portal. Please contact your administrator.',
  'session.routeError': 'The menu could not be loaded.',
  'session.hasError': 'Something went wrong.',
};
