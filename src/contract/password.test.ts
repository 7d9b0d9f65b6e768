import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LANGS, type MessageCode, messageText, parseConfig } from './messages.ts';
import { editPasswordProblem, passwordProblem, passwordRules, SPECIAL_SYMBOLS } from './password.ts';
import { ChangePasswdSubmit, UpdatePasswordRequest } from './accounts/schemas.ts';

/** Passwords near the rules' edges: short and long, with spaces, symbols in and out of the set, CJK. */
const password = fc.string({
  unit: fc.constantFrom(...'aZ9 \t#!?~€中'.split(''), ...SPECIAL_SYMBOLS.split('')),
  maxLength: 20,
});

describe('password rules', () => {
  it('say exactly what the policy checks: all met ⇔ no problem', () => {
    fc.assert(
      fc.property(password, (p) => {
        const r = passwordRules(p);
        expect(passwordProblem(p) === null).toBe(p !== '' && r.length && r.noSpaces && r.classes);
        expect(editPasswordProblem(p) === null).toBe(
          p !== '' && r.length && r.noSpaces && r.classes && r.special,
        );
      }),
    );
  });

  it('tick one by one as a password grows', () => {
    expect(passwordRules('')).toEqual({ length: false, noSpaces: true, classes: false, special: false });
    expect(passwordRules('abcdefgh')).toEqual({
      length: true,
      noSpaces: true,
      classes: false,
      special: false,
    });
    expect(passwordRules('Abcdefg1')).toEqual({
      length: true,
      noSpaces: true,
      classes: true,
      special: false,
    });
    expect(passwordRules('Abc defg1#')).toEqual({
      length: true,
      noSpaces: false,
      classes: true,
      special: true,
    });
    // € counts as a symbol for the 3-of-4 rule but is not in the edit dialog's set
    expect(passwordRules('abcdefg1€')).toEqual({
      length: true,
      noSpaces: true,
      classes: true,
      special: false,
    });
    expect(passwordRules('Abcdefgh1#Abcdefg').length).toBe(false);
  });
});

/** The contract's English messages by code. */
const en = new Proxy({} as Record<MessageCode, string>, {
  get: (_, code) => messageText(code as MessageCode, undefined, 'en'),
});

describe('password schemas', () => {
  const messages = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input, parseConfig('en'));
    return result.success
      ? {}
      : Object.fromEntries(result.issues.map((i) => [v.getDotPath(i), i.message]).reverse());
  };

  it('name each empty field of the reset form with its own message', () => {
    expect(
      messages(UpdatePasswordRequest, {
        username: '',
        old_password: '',
        new_password1: '',
        new_password2: '',
      }),
    ).toEqual({
      username: en.accountRequired,
      old_password: en.oldPasswordRequired,
      new_password1: en.newPasswordRequired,
      new_password2: en.confirmRequired,
    });
  });

  it('checks that the new passwords match even while another field is wrong', () => {
    expect(
      messages(UpdatePasswordRequest, {
        username: '',
        old_password: 'x',
        new_password1: 'Fresh#2026pw',
        new_password2: 'Fresh#2026px',
      }),
    ).toEqual({ username: en.accountRequired, new_password2: en.passwordsMismatch });
  });

  it('asks the edit form for a special symbol of the set and a 6-digit code', () => {
    const base = { ur_account: 'demo', mobile: '13800138000', captcha: '123456', ur_passwd: 'Abcdefg1#' };
    expect(messages(ChangePasswdSubmit, base)).toEqual({});
    expect(messages(ChangePasswdSubmit, { ...base, ur_passwd: 'Abcdefg1€', captcha: '12' })).toEqual({
      ur_passwd: en.passwordSpecial,
      captcha: en.captchaDigits,
    });
  });

  it('say the same rule in both languages, with the parameters filled in', () => {
    const parse = (lang: string, input: unknown) =>
      (v.safeParse(UpdatePasswordRequest, input, parseConfig(lang)).issues ?? []).map((i) => i.message);
    const empty = { username: '', old_password: '', new_password1: '', new_password2: '' };
    expect(parse('zh-CN', empty)).toEqual(['请填写账号', '请填写原密码', '请填写新密码', '请再次填写新密码']);
    expect(parse('en-GB', empty)).toEqual([
      en.accountRequired,
      en.oldPasswordRequired,
      en.newPasswordRequired,
      en.confirmRequired,
    ]);
    const long = {
      ...empty,
      username: 'x'.repeat(65),
      old_password: 'x',
      new_password1: 'Fresh#2026pw',
      new_password2: 'Fresh#2026pw',
    };
    expect(parse('zh-CN', long)).toEqual(['最多 64 个字符']);
    expect(parse('en', long)).toEqual(['At most 64 characters']);
    expect(parse('zh-CN', {})).toEqual(['请填写此项', '请填写此项', '请填写此项', '请填写此项']);
    for (const lang of LANGS) expect(messageText('unknownField', { name: 'x' }, lang)).not.toContain('{');
  });
});
