/** Messages of the session, customer and route stores. */
export const zh = {
  'session.switchSuccess': '切换成功',
  'session.verificationFailed': '验证失败，请重新登录。',
  'session.rolesRequired': 'getInfo: 角色必须是非空数组！',
  'session.routeError': '获取菜单失败',
  'session.hasError': '出错了',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'session.switchSuccess': 'switch success',
  'session.verificationFailed': 'Verification failed, please Login again.',
  'session.rolesRequired': 'getInfo: roles must be a non-null array!',
  'session.routeError': 'the menu could not be loaded',
  'session.hasError': 'Has Error',
};
