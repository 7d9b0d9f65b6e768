/**
 * Messages of `<lp-order-status>`'s captcha chunk (loaded when the server first asks for a
 * captcha): the image, and its alternative, a code by SMS.
 */
export const zh = {
  'trackingCaptcha.answer': '验证码',
  'trackingCaptcha.image': '验证码图片',
  'trackingCaptcha.refresh': '换一张',
  'trackingCaptcha.hint': '尝试次数过多，请输入图片中的字符',
  'trackingCaptcha.wrong': '验证码错误或已过期，请重新输入',
  'trackingCaptcha.useSms': '看不清图片？改用短信验证码',
  'trackingCaptcha.mobile': '收件人手机号',
  'trackingCaptcha.mobileHint': '验证码将发送到运单登记的收件人手机号',
  'trackingCaptcha.mobileRequired': '请输入收件人手机号',
  'trackingCaptcha.mobileInvalid': '请输入有效的手机号',
  'trackingCaptcha.send': '获取验证码',
  'trackingCaptcha.resendIn': '{seconds} 秒后可重新获取',
  'trackingCaptcha.sent': '如 {mobile} 是收件人的手机号，验证码已发送，5 分钟内有效',
  'trackingCaptcha.tooMany': '该号码今日可获取的验证码已用完，请明天再试或改用图片验证码',
  'trackingCaptcha.locked': '您所在网络的查询失败次数过多，请稍后再试',
  'trackingCaptcha.failed': '验证码发送失败，请稍后再试',
  'trackingCaptcha.code': '短信验证码',
  'trackingCaptcha.smsHint': '尝试次数过多，请获取短信验证码',
  'trackingCaptcha.smsWrong': '验证码错误或已失效，请重新获取',
  'trackingCaptcha.link': '无法使用收件人手机？请发件方在运单页面生成追踪链接，打开链接无需验证码。',
  'trackingCaptcha.useImage': '改用图片验证码',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'trackingCaptcha.answer': 'Captcha',
  'trackingCaptcha.image': 'Captcha image',
  'trackingCaptcha.refresh': 'New image',
  'trackingCaptcha.hint': 'Too many attempts. Type the characters in the image.',
  'trackingCaptcha.wrong': 'The captcha is wrong or expired. Please try again.',
  'trackingCaptcha.useSms': 'Can’t read the image? Get a code by SMS instead',
  'trackingCaptcha.mobile': 'Recipient’s mobile number',
  'trackingCaptcha.mobileHint': 'The code goes to the recipient’s mobile number on the order',
  'trackingCaptcha.mobileRequired': 'Please enter the recipient’s mobile number',
  'trackingCaptcha.mobileInvalid': 'Please enter a valid mobile number',
  'trackingCaptcha.send': 'Send Code',
  'trackingCaptcha.resendIn': 'Send again in {seconds} s',
  'trackingCaptcha.sent':
    'If {mobile} is the recipient’s mobile number, a code valid for 5 minutes has been sent to it',
  'trackingCaptcha.tooMany': 'No more codes for this number today: try again tomorrow, or use the image',
  'trackingCaptcha.locked': 'Too many failed lookups from your address: please try again later',
  'trackingCaptcha.failed': 'The code could not be sent, please try again later',
  'trackingCaptcha.code': 'SMS code',
  'trackingCaptcha.smsHint': 'Too many attempts. Get a code by SMS.',
  'trackingCaptcha.smsWrong': 'The code is wrong or no longer valid: please get a new one',
  'trackingCaptcha.link':
    'No access to the recipient’s phone? Ask the sender for a tracking link from the order page: it opens without any code.',
  'trackingCaptcha.useImage': 'Use the image instead',
} as const;
