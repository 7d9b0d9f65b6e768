/**
 * Messages of the login page's second step (host/pages/login/second-factor-step.tsx), loaded with
 * it when a sign-in answers 477: never in the login page's first load.
 */
export const zh = {
  'loginFactor.heading': '两步验证',
  'loginFactor.intro': '请输入身份验证器应用中显示的 6 位验证码。',
  'loginFactor.introRecovery': '请输入一个恢复码（每个只能使用一次）。',
  'loginFactor.code': '验证码',
  'loginFactor.recoveryCode': '恢复码',
  'loginFactor.codeRequired': '请输入验证码',
  'loginFactor.wrong': '验证码错误，还可尝试 {tries} 次',
  'loginFactor.expired': '本次登录已失效，请重新输入密码',
  'loginFactor.useRecovery': '无法使用验证器？改用恢复码',
  'loginFactor.useTotp': '改用验证器中的验证码',
  'loginFactor.submit': '验证并登录',
  'loginFactor.back': '返回重新登录',
  'loginFactor.introPasskey': '请使用您的通行密钥（指纹、面容或安全密钥）确认登录。',
  'loginFactor.usePasskey': '使用通行密钥',
  'loginFactor.passkeyFailed': '通行密钥未能确认登录，请重试',
};

export const en: Record<keyof typeof zh, string> = {
  'loginFactor.heading': 'Two-step sign-in',
  'loginFactor.intro': 'Enter the 6-digit code your authenticator app shows.',
  'loginFactor.introRecovery': 'Enter one of your recovery codes (each works once).',
  'loginFactor.code': 'Code',
  'loginFactor.recoveryCode': 'Recovery code',
  'loginFactor.codeRequired': 'Please enter the code',
  'loginFactor.wrong': 'The code is wrong. {tries} tries left.',
  'loginFactor.expired': 'This sign-in has expired. Please enter your password again.',
  'loginFactor.useRecovery': 'No authenticator at hand? Use a recovery code',
  'loginFactor.useTotp': 'Use the authenticator’s code',
  'loginFactor.submit': 'Verify and sign in',
  'loginFactor.back': 'Back to sign-in',
  'loginFactor.introPasskey': 'Confirm with your passkey (fingerprint, face or security key).',
  'loginFactor.usePasskey': 'Use your passkey',
  'loginFactor.passkeyFailed': 'The passkey did not confirm the sign-in. Please try again.',
};
