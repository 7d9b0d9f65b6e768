import * as v from 'valibot';

/**
 * The messages of the contract's schemas, in both languages. A schema names a message by code
 * (`msg('required')`); valibot calls it with the issue, whose `lang` is the language the caller
 * parsed with (`v.safeParse(schema, input, { lang })`): the browser passes its locale, the server
 * the request's `Accept-Language`. So one schema says the same thing to a form in the browser and
 * in the server's 422 answer, in the user's language.
 */
export const LANGS = ['zh-CN', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';

const zh = {
  required: '此项为必填项',
  unknownField: '不支持的字段“{name}”',
  invalid: '格式不正确',
  string: '应为文本',
  number: '应为数字',
  integer: '应为整数',
  boolean: '应为是或否',
  list: '应为列表',
  object: '应为对象',
  oneOf: '只能是 {values}',
  maxLength: '最多 {max} 个字符',
  minItems: '至少 {min} 项',
  maxItems: '最多 {max} 项',
  min: '不能小于 {min}',
  max: '不能大于 {max}',
  positiveId: '应为正整数编号',
  tooLarge: '数值过大',
  repeated: '有重复的项',
  noNul: '不能包含 NUL 字符',
  unicode: '包含无效的字符',
  accountRequired: '请填写账号',
  passwordRequired: '请填写密码',
  mobileRequired: '请填写手机号码',
  mobileInvalid: '手机号码格式不正确',
  captchaDigits: '请填写 6 位验证码',
  passwordLength: '请填写 8-16 位字符',
  passwordSpaces: '不能包含空格',
  passwordClasses: '至少包含大写字母、小写字母、数字、特殊符号中的 3 种',
  passwordSpecial: '密码不符合条件',
  confirmRequired: '请再次输入新密码',
  passwordsDiffer: '两次输入的新密码不一致',
  actionInvalid: 'action 只能是 captcha 或 submit',
  keywordRequired: '请输入问题',
  reasonsOnlyUnsolved: '只有“未解决”时才能选择原因',
} as const;

export type MessageCode = keyof typeof zh;

const en: Record<MessageCode, string> = {
  required: 'is required',
  unknownField: 'unknown field "{name}"',
  invalid: 'is not valid',
  string: 'must be text',
  number: 'must be a number',
  integer: 'must be a whole number',
  boolean: 'must be true or false',
  list: 'must be a list',
  object: 'must be an object',
  oneOf: 'must be one of {values}',
  maxLength: 'at most {max} characters',
  minItems: 'at least {min} items',
  maxItems: 'at most {max} items',
  min: 'must be at least {min}',
  max: 'must be at most {max}',
  positiveId: 'must be a positive whole number',
  tooLarge: 'is too large',
  repeated: 'names an item twice',
  noNul: 'must not contain NUL characters',
  unicode: 'must be valid unicode text',
  accountRequired: 'please fill in the account',
  passwordRequired: 'please fill in the password',
  mobileRequired: 'please fill in the mobile number',
  mobileInvalid: 'the mobile number is not valid',
  captchaDigits: 'please fill in the 6-digit captcha',
  passwordLength: 'please fill in a length of 8-16 characters',
  passwordSpaces: 'cannot contain spaces',
  passwordClasses: 'must contain at least 3 of: uppercase, lowercase, digit, special symbol',
  passwordSpecial: 'password does not meet conditions',
  confirmRequired: 'please confirm the new password',
  passwordsDiffer: 'the two new passwords do not match',
  actionInvalid: 'action must be "captcha" or "submit"',
  keywordRequired: 'please type a question',
  reasonsOnlyUnsolved: 'reasons are given only for an unsolved answer',
};

const catalogues: Record<Lang, Record<MessageCode, string>> = { 'zh-CN': zh, en };

export type Params = Readonly<Record<string, string | number>>;

/** The best supported language for a tag (`en-GB` → `en`, `zh`/`zh-Hans-CN` → `zh-CN`); the default otherwise. */
export function langOf(tag: string | null | undefined): Lang {
  const lower = (tag ?? '').trim().toLowerCase();
  if (lower.startsWith('en')) return 'en';
  return DEFAULT_LANG;
}

/** Fills `{name}` placeholders. */
export function fill(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** A contract message in a language (the default language when `lang` is not one of ours). */
export function messageText(code: MessageCode, params?: Params, lang?: string): string {
  return fill(catalogues[langOf(lang)][code], params);
}

/** A schema message: `v.maxLength(64, msg('maxLength', { max: 64 }))`. */
export const msg =
  (code: MessageCode, params?: Params) =>
  (issue: { readonly lang?: string | undefined }): string =>
    messageText(code, params, issue.lang);

/** What a missing or unexpected key of an object reads as (valibot reports both as one issue type). */
function objectKeyMessage(issue: v.BaseIssue<unknown>): string | null {
  if (issue.kind !== 'schema' || !issue.type.endsWith('object') || !issue.path?.length) return null;
  const last = issue.path[issue.path.length - 1] as { key?: unknown };
  if (issue.expected === 'never') {
    const name = typeof last.key === 'string' ? last.key.slice(0, 40) : '';
    return messageText('unknownField', { name }, issue.lang);
  }
  return issue.received === 'undefined' ? messageText('required', undefined, issue.lang) : null;
}

const TYPE_MESSAGES: Readonly<Record<string, MessageCode>> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  array: 'list',
  object: 'object',
  strict_object: 'object',
  integer: 'integer',
  picklist: 'invalid',
  literal: 'invalid',
  union: 'invalid',
  variant: 'invalid',
};

/**
 * Messages of issues whose schema names none (a missing key, a wrong type): in the caller's
 * language, never valibot's English default. Set once for every language we speak.
 */
function fallback(issue: v.BaseIssue<unknown>): string {
  return (
    objectKeyMessage(issue) ??
    (issue.received === 'undefined' ? messageText('required', undefined, issue.lang) : null) ??
    messageText(TYPE_MESSAGES[issue.type] ?? 'invalid', undefined, issue.lang)
  );
}

v.setGlobalMessage(fallback);
for (const lang of LANGS) v.setGlobalMessage(fallback, lang);
