import { Code } from '../../src/contract/codes.ts';

/**
 * What each envelope code means (docs/api.md, "Codes"), for the OpenAPI document's answers and the
 * reference page, in both languages.
 */
export const CODE_MEANINGS: Readonly<Record<number, { en: string; zh: string }>> = {
  [Code.ok]: { en: 'success', zh: '成功' },
  [Code.badRequest]: {
    en: 'the request cannot be read (empty, not JSON, a reserved name such as `__proto__`, a missing header the call needs)',
    zh: '请求无法读取（为空、不是 JSON、含保留名称如 `__proto__`、缺少必需的请求头）',
  },
  [Code.customerExists]: { en: 'the customer exists already', zh: '客户已存在' },
  [Code.forbidden]: {
    en: 'not allowed (another user’s account, not an administrator, a bad signature; an API client’s token on a call its scopes do not grant)',
    zh: '无权操作（他人的账户、非管理员、签名无效；API 客户端令牌调用其权限范围未授予的接口）',
  },
  [Code.notFound]: {
    en: 'no such record, or not the caller’s (one answer for both)',
    zh: '记录不存在或不属于调用方（两者回答相同）',
  },
  [Code.wrongCredentials]: { en: 'wrong username or password', zh: '用户名或密码错误' },
  [Code.locked]: {
    en: 'too many failures from this address: wait `data.retry_after` seconds',
    zh: '此地址失败次数过多：请等待 `data.retry_after` 秒',
  },
  [Code.requestTimeout]: {
    en: 'the body arrived too slowly (HTTP 408, the connection is closed); nothing was done',
    zh: '请求体到达过慢（HTTP 408，连接关闭）；未执行任何操作',
  },
  [Code.conflict]: {
    en: 'the record changed meanwhile or its state does not allow the call; `data` is the record as it is now where the call says so',
    zh: '记录已被修改或其状态不允许此操作；如接口说明，`data` 为记录的当前状态',
  },
  [Code.tooLarge]: { en: 'the body is too large (HTTP 413)', zh: '请求体过大（HTTP 413）' },
  [Code.unsupportedMedia]: {
    en: 'another media type or charset than the call takes (JSON in UTF-8)',
    zh: '媒体类型或字符集不被接受（应为 UTF-8 的 JSON）',
  },
  [Code.invalid]: {
    en: 'validation failed: `data` is `{field: message}` (dot paths for nested fields)',
    zh: '校验失败：`data` 为 `{字段: 提示}`（嵌套字段用点路径）',
  },
  [Code.tooManyRequests]: {
    en: 'too many requests: a rate limit of the call (HTTP 200), or too many requests in progress from the address (HTTP 429, `Retry-After: 1`)',
    zh: '请求过多：超出接口的频率限制（HTTP 200），或同一地址并发请求过多（HTTP 429，`Retry-After: 1`）',
  },
  [Code.nothing]: { en: 'nothing to return', zh: '无可返回内容' },
  [Code.mustChangePassword]: {
    en: 'the password must be changed first',
    zh: '须先修改密码',
  },
  [Code.captchaRequired]: { en: 'captcha required or wrong', zh: '需要验证码或验证码错误' },
  [Code.captchaExpired]: {
    en: 'captcha expired; of `user/login-second-factor`: the pending sign-in is over (5 minutes, 5 tries, another address): sign in again',
    zh: '验证码已过期；`user/login-second-factor`：待完成的登录已失效（5 分钟、5 次、其他地址），请重新登录',
  },
  [Code.secondFactorRequired]: {
    en: "second factor required: the password was right and the account has a second factor; `data.methods` names what it takes (`totp`, `recovery`, `passkey`), a sign-in's `data.pending_token` goes to `user/login-second-factor` (or `user/login-passkey`), a signing call is sent again with `signature.code` (or `signature.passkey`, for the options of `user/passkey-sign-options`)",
    zh: '需要第二重验证：密码正确且账户已启用第二重验证；`data.methods` 列出可用方式（`totp`、`recovery`、`passkey`），登录的 `data.pending_token` 交给 `user/login-second-factor`（或 `user/login-passkey`），签名请求带 `signature.code`（或按 `user/passkey-sign-options` 的选项取得的 `signature.passkey`）重发',
  },
  [Code.serverFault]: { en: 'server fault (no details)', zh: '服务器错误（不含细节）' },
  [Code.backgroundFailed]: {
    en: 'a background call could not be stored (clients keep it silent)',
    zh: '后台调用未能保存（客户端不提示）',
  },
  [Code.unavailable]: {
    en: 'the database is briefly unavailable (HTTP 503, `Retry-After: 2`)',
    zh: '数据库暂时不可用（HTTP 503，`Retry-After: 2`）',
  },
  [Code.sessionExpired]: { en: 'token missing, unknown or expired', zh: '令牌缺失、无效或已过期' },
  [Code.loggedInElsewhere]: { en: 'the account logged in elsewhere', zh: '账户已在别处登录' },
};

/** The meaning of a code in English (a code without an entry says so). */
export const meaningOf = (code: number): string => CODE_MEANINGS[code]?.en ?? `code ${code}`;
