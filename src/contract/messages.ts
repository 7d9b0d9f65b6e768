import type * as v from 'valibot';

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
  required: '请填写此项',
  unknownField: '不支持的字段“{name}”',
  invalid: '填写的内容无效',
  string: '应为文本',
  number: '请填写数字',
  integer: '请填写整数',
  boolean: '应为是或否',
  list: '应为列表',
  object: '应为对象',
  oneOf: '只能是 {values}',
  maxLength: '最多 {max} 个字符',
  minItems: '至少 {min} 项',
  maxItems: '最多 {max} 项',
  min: '不能小于 {min}',
  positive: '须大于 0',
  decimals: '最多 {max} 位小数',
  max: '不能大于 {max}',
  positiveId: '应为正整数编号',
  tooLarge: '数值过大',
  repeated: '有重复的项',
  noNul: '不能包含 NUL 字符',
  unicode: '包含无效的字符',
  accountRequired: '请填写账号',
  passwordRequired: '请填写密码',
  oldPasswordRequired: '请填写原密码',
  newPasswordRequired: '请填写新密码',
  mobileRequired: '请填写手机号',
  mobileInvalid: '手机号格式不正确',
  captchaDigits: '请填写 6 位验证码',
  passwordLength: '请填写 8-16 位长度的字符',
  passwordSpaces: '不能包含空格',
  passwordClasses: '至少包含大写字母、小写字母、数字、特殊符号中的 3 种',
  passwordPattern: '不能由重复或连续的字符组成（如 Aa1!Aa1!、Abcd1234）',
  passwordSpecial: '密码不符合条件',
  confirmRequired: '请再次填写新密码',
  passwordsMismatch: '两次输入的新密码不一致',
  actionInvalid: 'action 只能是 captcha 或 submit',
  keywordRequired: '请输入问题',
  minLength: '至少 {min} 个字符',
  date: '请填写有效的日期',
  choice: '请选择列表中的一项',
  reasonsOnlyUnsolved: '只有“未解决”时才能选择原因',
  listName: '只能包含字母、数字、-、_ 和 /（/ 不能在开头、结尾或连用）',
  viewQuery: '须为列表地址的查询部分（以 ? 开头），或为空',
  fieldKey: '只能包含字母、数字、_、- 和 .',
  repeatedColumn: '此列前面已经出现过',
  bandBounds: '温度范围须有下限或上限，且下限低于上限',
  bandsOverlap: '各温度范围不能重叠',
  phoneRequired: '请填写联系电话',
  phoneInvalid: '请填写 11 位手机号（如 13812345678）或带区号的座机号（如 010-12345678）',
  districtRequired: '请选择省、市和区县',
  phone4: '请填写收货方电话的后 4 位数字',
  phone4OrCode: '请填写收货方电话的后 4 位数字或分享码',
} as const;

export type MessageCode = keyof typeof zh;

const en: Record<MessageCode, string> = {
  required: 'Please fill in this field',
  unknownField: 'Unknown field "{name}"',
  invalid: 'This value is not valid',
  string: 'Must be text',
  number: 'Please enter a number',
  integer: 'Please enter a whole number',
  boolean: 'Must be true or false',
  list: 'Must be a list',
  object: 'Must be an object',
  oneOf: 'Must be one of {values}',
  maxLength: 'At most {max} characters',
  minItems: 'Please add at least {min}',
  maxItems: 'No more than {max} allowed',
  min: 'At least {min}',
  positive: 'Must be more than 0',
  decimals: 'At most {max} decimals',
  max: 'At most {max}',
  positiveId: 'Must be a positive whole number',
  tooLarge: 'Too large',
  repeated: 'Names an item twice',
  noNul: 'Must not contain NUL characters',
  unicode: 'Must be valid Unicode text',
  accountRequired: 'Please fill in the account',
  passwordRequired: 'Please fill in the password',
  oldPasswordRequired: 'Please fill in the current password',
  newPasswordRequired: 'Please fill in the new password',
  mobileRequired: 'Please fill in the mobile number',
  mobileInvalid: 'This mobile number is not valid',
  captchaDigits: 'Please fill in the 6-digit code',
  passwordLength: 'Please use 8–16 characters',
  passwordSpaces: 'Cannot contain spaces',
  passwordClasses: 'Use at least 3 of: uppercase, lowercase, digit, symbol',
  passwordPattern: 'Not made of repeats or runs (like Aa1!Aa1! or Abcd1234)',
  passwordSpecial: 'The password does not meet the conditions',
  confirmRequired: 'Please type the new password again',
  passwordsMismatch: 'The two new passwords do not match',
  actionInvalid: 'action must be "captcha" or "submit"',
  keywordRequired: 'Please type a question',
  minLength: 'At least {min} characters',
  date: 'Please enter a valid date',
  choice: 'Please choose one of the options',
  reasonsOnlyUnsolved: 'Reasons are given only for an unsolved answer',
  listName: 'Use letters, digits, -, _ and / only (no / at the start, at the end or twice in a row)',
  viewQuery: 'Must be the query of the list’s address (starting with ?), or empty',
  fieldKey: 'Use letters, digits, _, - and . only',
  repeatedColumn: 'This column is already listed',
  bandBounds: 'A range needs a lower or an upper bound, the lower below the upper',
  bandsOverlap: 'The ranges must not overlap',
  phoneRequired: 'Please fill in the phone number',
  phoneInvalid:
    'Enter an 11-digit mobile number (13812345678) or a landline with its area code (010-12345678)',
  districtRequired: 'Please choose the province, city and district',
  phone4: "Enter the last 4 digits of the recipient's phone",
  phone4OrCode: "Enter the last 4 digits of the recipient's phone, or a share code",
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

/** A message by the kind of check, for issues whose schema names none. */
const KIND_MESSAGES: Readonly<Record<string, MessageCode>> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  array: 'list',
  object: 'object',
  strict_object: 'object',
  integer: 'integer',
  picklist: 'choice',
  enum: 'choice',
  literal: 'choice',
  variant: 'choice',
  union: 'invalid',
  min_length: 'minLength',
  max_length: 'maxLength',
  min_value: 'min',
  max_value: 'max',
  iso_date: 'date',
  date: 'date',
  regex: 'invalid',
  email: 'invalid',
};

const isBlank = (input: unknown) => input === undefined || input === null || input === '';

function requirement(issue: v.BaseIssue<unknown>): string {
  const r = issue.requirement;
  if (r instanceof Date) return r.toISOString().slice(0, 10);
  return typeof r === 'number' || typeof r === 'string' ? String(r) : '';
}

/**
 * The message of an issue whose schema names none (a missing key, a wrong type, a form's own
 * check): in the caller's language, never valibot's English default. A blank value reads
 * "is required"; lists say items, not characters.
 */
export function fallbackMessage(issue: v.BaseIssue<unknown>): string {
  const key = objectKeyMessage(issue);
  if (key) return key;
  if (isBlank(issue.input)) return messageText('required', undefined, issue.lang);
  const r = requirement(issue);
  const list = Array.isArray(issue.input);
  if (list && issue.type === 'min_length') return messageText('minItems', { min: r }, issue.lang);
  if (list && issue.type === 'max_length') return messageText('maxItems', { max: r }, issue.lang);
  return messageText(KIND_MESSAGES[issue.type] ?? 'invalid', { min: r, max: r }, issue.lang);
}

/**
 * The parse configuration of every contract schema: messages in `lang`, and a message in that
 * language for any issue whose schema names none. Server (422 answers) and browser (forms) alike:
 * `v.safeParse(schema, input, parseConfig(lang))`.
 */
export const parseConfig = (lang: string | undefined) => PARSE_CONFIGS[langOf(lang)];

/** One configuration per language (a parse runs on every call: no object per call). */
const PARSE_CONFIGS: Readonly<Record<Lang, { lang: Lang; message: typeof fallbackMessage }>> = {
  'zh-CN': Object.freeze({ lang: 'zh-CN', message: fallbackMessage }),
  en: Object.freeze({ lang: 'en', message: fallbackMessage }),
};
