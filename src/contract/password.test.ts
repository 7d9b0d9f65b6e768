import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldMessageId, fieldMessages } from './messages.ts';
import { editPasswordProblem, passwordProblem, passwordRules, SPECIAL_SYMBOLS } from './password.ts';
import { ChangePasswdSubmit, UpdatePasswordRequest } from './user.ts';

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

describe('password schemas', () => {
  const messages = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input);
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
      username: fieldMessages.accountRequired,
      old_password: fieldMessages.oldPasswordRequired,
      new_password1: fieldMessages.newPasswordRequired,
      new_password2: fieldMessages.confirmRequired,
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
    ).toEqual({ username: fieldMessages.accountRequired, new_password2: fieldMessages.passwordsMismatch });
  });

  it('asks the edit form for a special symbol of the set and a 6-digit code', () => {
    const base = { ur_account: 'demo', mobile: '13800138000', captcha: '123456', ur_passwd: 'Abcdefg1#' };
    expect(messages(ChangePasswdSubmit, base)).toEqual({});
    expect(messages(ChangePasswdSubmit, { ...base, ur_passwd: 'Abcdefg1€', captcha: '12' })).toEqual({
      ur_passwd: fieldMessages.passwordSpecial,
      captcha: fieldMessages.captchaDigits,
    });
  });

  it('knows every contract message by its text', () => {
    for (const [id, text] of Object.entries(fieldMessages)) expect(fieldMessageId(text)).toBe(id);
    expect(fieldMessageId('something the server made up')).toBeUndefined();
  });
});
