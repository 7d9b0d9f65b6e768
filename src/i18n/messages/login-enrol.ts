/**
 * Messages of the login page's enrolment step (host/pages/login/enrol-step.tsx), loaded with it
 * when a sign-in answers 478 (a customer requires two-step sign-in): never in the first load.
 */
export const zh = {
  'loginEnrol.heading': '设置两步验证',
  'loginEnrol.intro': '您的机构要求登录时使用两步验证。请先完成设置，然后即可进入门户。',
  'loginEnrol.scan':
    '用身份验证器应用（如 Microsoft Authenticator、Google 身份验证器）扫描二维码，或手动输入下面的密钥：',
  'loginEnrol.qrAlt': '身份验证器二维码',
  'loginEnrol.secret': '密钥',
  'loginEnrol.code': '验证码',
  'loginEnrol.codeHint': '身份验证器应用中显示的 6 位数字',
  'loginEnrol.codeRequired': '请输入验证码',
  'loginEnrol.wrong': '验证码不正确，请检查手机时间后重试（还可尝试 {tries} 次）',
  'loginEnrol.expired': '设置已失效，请重新输入密码',
  'loginEnrol.submit': '验证并启用',
  'loginEnrol.recoveryTitle': '请保存恢复码',
  'loginEnrol.recoveryIntro':
    '手机丢失时可用恢复码登录或签名，每个只能使用一次。恢复码只显示这一次，请立即抄下或打印并妥善保管。',
  'loginEnrol.continue': '我已保存，进入门户',
  'loginEnrol.passkey': '改为添加通行密钥',
  'loginEnrol.passkeyName': '通行密钥（登录时添加）',
  'loginEnrol.passkeyRefused':
    '浏览器未创建通行密钥（已取消，或此设备没有可用的验证器）。请重试，或改用身份验证器应用。',
  'loginEnrol.passkeyUnsupported': '此浏览器无法创建通行密钥，请改用身份验证器应用。',
  'loginEnrol.passkeyFailed': '通行密钥未能通过检查，未添加任何内容，请重试。',
  'loginEnrol.back': '返回重新登录',
};

export const en: Record<keyof typeof zh, string> = {
  'loginEnrol.heading': 'Set up two-step sign-in',
  'loginEnrol.intro':
    'Your organisation requires two-step sign-in. Set it up first; then you go on to the portal.',
  'loginEnrol.scan':
    'Scan the QR code with an authenticator app (such as Microsoft Authenticator or Google Authenticator), or type the key below:',
  'loginEnrol.qrAlt': 'QR code for the authenticator app',
  'loginEnrol.secret': 'Key',
  'loginEnrol.code': 'Code',
  'loginEnrol.codeHint': 'The 6 digits your authenticator app shows',
  'loginEnrol.codeRequired': 'Please enter the code',
  'loginEnrol.wrong':
    'The code is not right: check the time of your phone and try again ({tries} tries left)',
  'loginEnrol.expired': 'The set-up has expired: please enter your password again',
  'loginEnrol.submit': 'Verify and turn on',
  'loginEnrol.recoveryTitle': 'Save your recovery codes',
  'loginEnrol.recoveryIntro':
    'If you lose your phone, a recovery code signs you in or signs once each. They are shown only now: write them down or print them and keep them safe.',
  'loginEnrol.continue': 'I have saved them: go on',
  'loginEnrol.passkey': 'Add a passkey instead',
  'loginEnrol.passkeyName': 'Passkey (added at sign-in)',
  'loginEnrol.passkeyRefused':
    'The browser made no passkey (it was cancelled, or this device has no authenticator). Try again, or use the authenticator app.',
  'loginEnrol.passkeyUnsupported': 'This browser cannot make passkeys: please use the authenticator app.',
  'loginEnrol.passkeyFailed': 'The passkey could not be checked and nothing was added. Please try again.',
  'loginEnrol.back': 'Back to sign-in',
};
