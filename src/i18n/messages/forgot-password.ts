/** Messages of `<lp-forgot-password>` (src/features/forgot-password). */
export const zh = {
  'forgotPassword.title': '找回密码',
  'forgotPassword.intro': '输入账号和账号绑定的手机号，我们会向该手机发送验证码。',
  'forgotPassword.account': '账号',
  'forgotPassword.mobile': '绑定手机号',
  'forgotPassword.sendCode': '发送验证码',
  'forgotPassword.sent': '如果 {mobile} 是该账号绑定的手机号，验证码已发送，5 分钟内有效。',
  'forgotPassword.code': '短信验证码',
  'forgotPassword.resend': '重新发送',
  'forgotPassword.resendIn': '{seconds} 秒后可重新发送',
  'forgotPassword.newPassword': '新密码',
  'forgotPassword.confirmPassword': '确认新密码',
  'forgotPassword.submit': '重置密码',
  'forgotPassword.back': '返回上一步',
  'forgotPassword.codeWrong': '验证码错误或已失效，请重新获取',
  'forgotPassword.tooMany': '请求过于频繁，请稍后再试',
  'forgotPassword.wait': '失败次数过多，请等待 {seconds} 秒后再试',
  'forgotPassword.done': '密码已重置，请使用新密码登录',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'forgotPassword.title': 'Forgot password',
  'forgotPassword.intro':
    'Enter your account and the mobile number registered to it; we will text a code to that number.',
  'forgotPassword.account': 'Account',
  'forgotPassword.mobile': 'Registered mobile number',
  'forgotPassword.sendCode': 'Send code',
  'forgotPassword.sent':
    'If {mobile} is the account’s mobile number, a code valid for 5 minutes has been sent to it.',
  'forgotPassword.code': 'SMS code',
  'forgotPassword.resend': 'Send again',
  'forgotPassword.resendIn': 'Send again in {seconds} s',
  'forgotPassword.newPassword': 'New password',
  'forgotPassword.confirmPassword': 'Confirm new password',
  'forgotPassword.submit': 'Reset password',
  'forgotPassword.back': 'Back',
  'forgotPassword.codeWrong': 'The code is wrong or no longer valid: please get a new one',
  'forgotPassword.tooMany': 'Too many requests, please try again later',
  'forgotPassword.wait': 'Too many failed attempts: please wait {seconds} s and try again',
  'forgotPassword.done': 'Your password has been reset: sign in with the new one',
};
