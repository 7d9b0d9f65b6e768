/** Messages of the second-factor dialog (`<lp-second-factor-dialog>`, src/features/second-factor). */
export const zh = {
  'account.factor.title': '两步验证',
  'account.factor.off': '两步验证未启用。启用后，登录和电子签名除密码外还需要身份验证器应用中的验证码。',
  'account.factor.on': '两步验证已启用（身份验证器应用）。剩余恢复码：{left} 个。',
  'account.factor.password': '登录密码',
  'account.factor.start': '开始设置',
  'account.factor.scan':
    '用身份验证器应用（如 Microsoft Authenticator、Google 身份验证器）扫描二维码，或手动输入下面的密钥：',
  'account.factor.qrAlt': '身份验证器二维码',
  'account.factor.secret': '密钥',
  'account.factor.code': '验证码',
  'account.factor.codeHint': '身份验证器应用中显示的 6 位数字',
  'account.factor.removeCodeHint': '身份验证器中的 6 位验证码，或一个恢复码',
  'account.factor.confirm': '验证并启用',
  'account.factor.recoveryTitle': '请保存恢复码',
  'account.factor.recoveryIntro':
    '手机丢失时可用恢复码登录或签名，每个只能使用一次。恢复码只显示这一次，请立即抄下或打印并妥善保管。',
  'account.factor.saved': '我已保存',
  'account.factor.remove': '关闭两步验证',
  'account.factor.removed': '两步验证已关闭',
  'account.factor.close': '关闭',
  'account.factor.cancel': '取消',
  'account.factor.required': '请填写此项',
  'account.factor.renewStart': '生成新的恢复码',
  'account.factor.renewIntro': '输入登录密码和身份验证器中的验证码后生成 10 个新恢复码，原有恢复码随即失效。',
  'account.factor.renew': '生成新恢复码',
};

export const en: Record<keyof typeof zh, string> = {
  'account.factor.title': 'Two-step sign-in',
  'account.factor.off':
    'Two-step sign-in is off. When it is on, signing in and electronic signatures ask for a code of your authenticator app besides the password.',
  'account.factor.on': 'Two-step sign-in is on (authenticator app). Recovery codes left: {left}.',
  'account.factor.password': 'Your password',
  'account.factor.start': 'Set up',
  'account.factor.scan':
    'Scan the QR code with an authenticator app (such as Microsoft Authenticator or Google Authenticator), or type the key below:',
  'account.factor.qrAlt': 'QR code for the authenticator app',
  'account.factor.secret': 'Key',
  'account.factor.code': 'Code',
  'account.factor.codeHint': 'The 6 digits your authenticator app shows',
  'account.factor.removeCodeHint': 'A 6-digit code of your authenticator, or a recovery code',
  'account.factor.confirm': 'Verify and turn on',
  'account.factor.recoveryTitle': 'Save your recovery codes',
  'account.factor.recoveryIntro':
    'If you lose your phone, a recovery code signs you in or signs once. They are shown only now: write them down or print them and keep them safe.',
  'account.factor.saved': 'I have saved them',
  'account.factor.remove': 'Turn off two-step sign-in',
  'account.factor.removed': 'Two-step sign-in is off',
  'account.factor.close': 'Close',
  'account.factor.cancel': 'Cancel',
  'account.factor.required': 'Please fill in this field',
  'account.factor.renewStart': 'New recovery codes',
  'account.factor.renewIntro':
    'Your password and a code of your authenticator app make 10 new recovery codes; the old ones stop working at once.',
  'account.factor.renew': 'Make new codes',
};
