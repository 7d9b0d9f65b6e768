/**
 * What the server says to people, in both languages: the English text is the key (services
 * throw `new ApiError(Code.x, 'wrong username or password')`, typed against this list, so an
 * untranslated message fails the typecheck), the Chinese text its translation. `{name}` marks
 * a parameter. Field messages of the contract's schemas are in src/contract/messages.ts.
 */
export const SERVER_MESSAGES = {
  // transport and input
  'no such API call': '没有这个接口',
  'request body is too large': '请求内容过大',
  'server error, please try again later': '服务器出错，请稍后再试',
  'bad request': '请求格式不正确',
  'request body is required': '请求内容不能为空',
  'request body is not valid JSON': '请求内容不是有效的 JSON',
  'request body must be a JSON object': '请求内容必须是 JSON 对象',
  'this call takes a JSON body (Content-Type: application/json)':
    '此接口只接受 JSON 请求（Content-Type: application/json）',
  'this call takes a JSON or form body': '此接口只接受 JSON 或表单请求',
  'the form body could not be read': '无法读取表单内容',
  'invalid request': '请求参数不正确',
  'too many requests, please try again later': '请求过于频繁，请稍后再试',
  '{what} could not be stored': '{what}保存失败',
  // sessions
  'please log in': '请登录',
  'your session is not valid, please log in again': '登录已失效，请重新登录',
  'your session has ended, please log in again': '登录已结束，请重新登录',
  'your session has expired, please log in again': '登录已过期，请重新登录',
  'your account has been logged in elsewhere': '您的账号已在其他地方登录',
  'please change your password first': '请先修改密码',
  'the login link is invalid or has expired, please log in': '登录链接无效或已过期，请登录',
  // login and captcha
  'wrong username or password': '用户名或密码错误',
  'wrong username or password; please also enter the captcha': '用户名或密码错误，请同时输入验证码',
  'too many failed logins: the account is locked for {minutes} minutes, please try again later':
    '登录失败次数过多，账号已锁定 {minutes} 分钟，请稍后再试',
  'please enter the captcha': '请输入验证码',
  'please get a new captcha': '请获取新的验证码',
  'the captcha is wrong': '验证码错误',
  'the captcha has expired, please get a new one': '验证码已过期，请重新获取',
  // passwords and SMS
  'you can only change your own password': '只能修改自己的密码',
  'the old password is wrong': '原密码错误',
  'the new password must differ from the old one': '新密码不能与原密码相同',
  'this password is too common, please choose another': '此密码过于常见，请换一个',
  'the mobile number does not match the account': '手机号码与账号不匹配',
  'please wait {seconds} seconds before asking for another code': '请等待 {seconds} 秒后再获取验证码',
  'the verification code has been sent to {mobile}': '验证码已发送至 {mobile}',
  'please get a verification code first': '请先获取验证码',
  'the verification code is wrong': '验证码错误',
  'the verification code has expired, please get a new one': '验证码已过期，请重新获取',
  'too many wrong attempts, please get a new verification code': '错误次数过多，请重新获取验证码',
  'password changed, please log in again': '密码已修改，请重新登录',
  // customers
  'this customer account is not yours': '此客户账号不属于您',
  'switch success': '切换成功',
  'logged out': '已退出登录',
  ok: '成功',
  // chat
  'X-Chat-Session header is required: call common/get-qa-config first':
    '缺少 X-Chat-Session 请求头：请先调用 common/get-qa-config',
  'chat session is unknown or expired: call common/get-qa-config again':
    '会话不存在或已过期：请重新调用 common/get-qa-config',
  'this answer has already been rated in this chat session': '您已评价过这个答案',
  'too many searches at once, please try again': '搜索的人太多了，请稍后再试',
  'thank you for your feedback': '感谢您的反馈',
  'category not found': '分类不存在',
  'question not found': '问题不存在',
  'answer not found': '答案不存在',
  'the answer is empty after sanitizing': '答案经过清理后为空',
  'the answer is longer than {max} characters': '答案超过 {max} 个字符',
  // integration
  'integration is not configured on this server': '此服务器未配置系统对接',
  'X-Timestamp must be Unix seconds': 'X-Timestamp 必须是 Unix 秒数',
  'X-Timestamp is more than 5 minutes away from the server clock': 'X-Timestamp 与服务器时间相差超过 5 分钟',
  'X-Signature does not match': 'X-Signature 不匹配',
  'this signed request was already used': '此签名请求已使用过',
  'no such user': '用户不存在',
  "this customer account is not the user's": '此客户账号不属于该用户',
} as const;

export type ServerMessage = keyof typeof SERVER_MESSAGES;
