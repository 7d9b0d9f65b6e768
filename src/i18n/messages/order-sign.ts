/**
 * Messages of the order view's signing dialog (src/features/order-view/sign-dialog.tsx, a chunk
 * loaded with the first act that signs: an approval, a document's review).
 */
export const zh = {
  'orderSign.legend': '电子签名',
  'orderSign.signer': '签名人',
  'orderSign.meaning': '签名含义',
  'orderSign.password': '登录密码',
  'orderSign.passwordHint': '每次签名都要再次输入您的密码，即使您已登录',
  'orderSign.passwordRequired': '请输入密码以签名',
  'orderSign.orderStatement':
    '签名与订单当前的内容绑定，并连同您的姓名、时间和含义记入审计追踪。订单此后如有修改，此签名只适用于修改前的版本。',
  'orderSign.documentStatement':
    '签名与此单据的内容（文件的 SHA-256）绑定，并连同您的姓名、时间和含义记入审计追踪。',
  'orderSign.approve': '签名并通过',
  'orderSign.reject': '签名并驳回',
  'orderSign.code': '两步验证码',
  'orderSign.codeHint': '身份验证器应用中的 6 位验证码，或一个恢复码',
  'orderSign.codeRequired': '请输入两步验证码',
  'orderSign.usePasskey': '用通行密钥确认',
  'orderSign.passkeyFailed': '通行密钥未能确认，未签名',
  'orderSign.ssoHint': '您通过所在组织登录：签名需在组织的登录页重新登录确认，下方按钮会打开一个新窗口。',
  'orderSign.ssoWaiting': '请在新打开的窗口中登录您的组织。若窗口已关闭，请再次点击按钮。',
  'orderSign.ssoBlocked': '浏览器拦截了组织登录的窗口：请允许本站打开弹出窗口后重试',
  'orderSign.ssoConfirm': '在组织登录确认',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'orderSign.legend': 'Electronic signature',
  'orderSign.signer': 'Signed by',
  'orderSign.meaning': 'Meaning of the signature',
  'orderSign.password': 'Your password',
  'orderSign.passwordHint': 'Every signature asks for your password again, even though you are signed in',
  'orderSign.passwordRequired': 'Enter your password to sign',
  'orderSign.orderStatement':
    'Your signature is bound to the order as it is now and recorded in the audit trail with your name, the time and its meaning. If the order changes later, the signature applies to the earlier version only.',
  'orderSign.documentStatement':
    'Your signature is bound to this document’s content (the file’s SHA-256) and recorded in the audit trail with your name, the time and its meaning.',
  'orderSign.approve': 'Sign and approve',
  'orderSign.reject': 'Sign and reject',
  'orderSign.code': 'Two-step code',
  'orderSign.codeHint': 'The 6-digit code of your authenticator app, or a recovery code',
  'orderSign.codeRequired': 'Please enter the two-step code',
  'orderSign.usePasskey': 'Confirm with your passkey',
  'orderSign.passkeyFailed': 'The passkey did not confirm: nothing was signed',
  'orderSign.ssoHint':
    'You sign in with your organisation: a signature is confirmed by signing in there again. The button opens its sign-in in a new window.',
  'orderSign.ssoWaiting':
    'Sign in at your organisation in the window that opened. If you closed it, press the button again.',
  'orderSign.ssoBlocked':
    'Your browser blocked the window of your organisation’s sign-in: allow pop-up windows for this portal and try again',
  'orderSign.ssoConfirm': 'Confirm at your organisation',
};
