import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LANGS, type MessageCode, messageText, parseConfig } from './messages.ts';
import {
  editPasswordProblem,
  PATTERN_PARTS_MIN,
  passwordProblem,
  passwordRules,
  patternParts,
  SPECIAL_SYMBOLS,
} from './password.ts';
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
        expect(passwordProblem(p) === null).toBe(
          p !== '' && r.length && r.noSpaces && r.classes && r.pattern,
        );
        expect(editPasswordProblem(p) === null).toBe(
          p !== '' && r.length && r.noSpaces && r.classes && r.pattern && r.special,
        );
      }),
    );
  });

  it('tick one by one as a password grows', () => {
    // the pattern rule is judged once the length is right
    expect(passwordRules('')).toEqual({
      length: false,
      noSpaces: true,
      classes: false,
      pattern: true,
      special: false,
    });
    expect(passwordRules('kqmpxwzt')).toEqual({
      length: true,
      noSpaces: true,
      classes: false,
      pattern: true,
      special: false,
    });
    expect(passwordRules('Kq7mPxwz')).toEqual({
      length: true,
      noSpaces: true,
      classes: true,
      pattern: true,
      special: false,
    });
    expect(passwordRules('Kq7 mPxw#')).toEqual({
      length: true,
      noSpaces: false,
      classes: true,
      pattern: true,
      special: true,
    });
    expect(passwordRules('Abcdefg1')).toEqual({
      length: true,
      noSpaces: true,
      classes: true,
      pattern: false,
      special: false,
    });
    // € counts as a symbol for the 3-of-4 rule but is not in the edit dialog's set
    expect(passwordRules('kq7mpxw€')).toEqual({
      length: true,
      noSpaces: true,
      classes: true,
      pattern: true,
      special: false,
    });
    expect(passwordRules('Abcdefgh1#Abcdefg').length).toBe(false);
  });
});

describe('the pattern rule (issue 27)', () => {
  it('refuses passwords made of repeats and runs, whatever their classes', () => {
    for (const p of [
      'Aa1!Aa1!',
      'abcabcabc1A!',
      'Abcd1234!',
      'Qwerty123!',
      'Zxcv1234!',
      'Aaaa1111!!',
      'P@ss1234',
      'Xyz#8k2P',
    ]) {
      expect([p, passwordProblem(p)]).toEqual([p, 'pattern']);
    }
    expect(patternParts('Aa1!Aa1!')).toBe(5);
    expect(patternParts('abcabcabc1A!')).toBe(5);
    expect(patternParts('Abcd1234!')).toBe(3);
    expect(patternParts('4321dcba')).toBe(2);
  });

  it('takes passwords with a few repeated letters or a year, and the demo logins', () => {
    for (const p of [
      'Fresh#2026pw',
      'Demo@2026pass',
      'Init#2026a',
      'Multi#2026x',
      'Hello@2024',
      'Passw0rd',
    ]) {
      expect([p, passwordProblem(p)]).toEqual([p, null]);
      expect(patternParts(p)).toBeGreaterThanOrEqual(PATTERN_PARTS_MIN);
    }
  });

  it('says why in both languages', () => {
    const parse = (lang: string) =>
      (
        v.safeParse(
          UpdatePasswordRequest,
          {
            username: 'demo',
            old_password: 'x',
            new_password1: 'Aa1!Aa1!',
            new_password2: 'Aa1!Aa1!',
          },
          parseConfig(lang),
        ).issues ?? []
      ).map((i) => i.message);
    expect(parse('en')).toEqual(['Not made of repeats or runs (like Aa1!Aa1! or Abcd1234)']);
    expect(parse('zh-CN')).toEqual(['不能由重复或连续的字符组成（如 Aa1!Aa1!、Abcd1234）']);
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
    const base = { ur_account: 'demo', mobile: '13800138000', captcha: '123456', ur_passwd: 'Kq7mPxw2#' };
    expect(messages(ChangePasswdSubmit, base)).toEqual({});
    expect(messages(ChangePasswdSubmit, { ...base, ur_passwd: 'Kq7mPxw2€', captcha: '12' })).toEqual({
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
