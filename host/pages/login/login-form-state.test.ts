import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.ts';
import '../../../src/i18n/areas/host.ts';
import { t } from '../../../src/i18n/translate.ts';
import { checkInput, checkMobile, redirectTarget, refusal, waitMessage } from './login-form-state.ts';

describe('checkInput', () => {
  it('asks for a username (blank after trimming), a password and, once shown, the captcha', () => {
    expect(checkInput({ username: '  ', password: '', captcha: '', captchaShown: true })).toEqual({
      username: 'host.login.usernameRequired',
      password: 'host.login.passwordRequired',
      captcha: 'host.login.captchaRequired',
    });
    expect(checkInput({ username: ' demo ', password: ' x ', captcha: '', captchaShown: false })).toEqual({});
  });

  it('in place of the captcha asks for the six digits of the SMS code', () => {
    const input = { username: 'demo', password: 'x', captchaShown: true, smsMode: true };
    for (const captcha of ['', '12345', '12a456', '1234567'])
      expect(checkInput({ ...input, captcha })).toEqual({ captcha: 'host.login.codeRequired' });
    expect(checkInput({ ...input, captcha: ' 012345 ' })).toEqual({});
  });
});

describe('checkMobile', () => {
  it('asks for a number of 6 to 20 digits, with a leading + allowed', () => {
    expect(checkMobile('  ')).toBe('host.login.mobileRequired');
    expect(checkMobile('12345')).toBe('host.login.mobileInvalid');
    expect(checkMobile('138 0013 8000')).toBe('host.login.mobileInvalid');
    expect(checkMobile(' 13800138000 ')).toBeNull();
    expect(checkMobile('+8613800138000')).toBeNull();
  });
});

describe('refusal', () => {
  it('shows 406 in the form and asks for the captcha when the server says so', () => {
    const r = refusal(new ApiError(406, 'wrong', { captcha: true }), false, false);
    expect(r).toEqual({ errors: { form: 'host.login.wrongCredentials' }, captcha: true, clearCaptcha: true });
    expect(refusal(new ApiError(406, 'wrong', { captcha: false }), false, false)?.captcha).toBe(false);
  });

  it('shows 407 with the wait from retry_after, keeping the captcha and its answer', () => {
    expect(refusal(new ApiError(407, 'wait', { retry_after: 4 }), true, true)).toEqual({
      errors: { form: 'host.login.locked' },
      captcha: false,
      clearCaptcha: false,
      retryAfter: 4,
    });
    expect(refusal(new ApiError(407, 'wait', { retry_after: 0.2 }), false, false)?.retryAfter).toBe(1);
    // Without a usable retry_after: "try again later".
    for (const data of [null, {}, { retry_after: 'soon' }, { retry_after: -3 }]) {
      expect(refusal(new ApiError(407, 'wait', data), false, false)).toEqual({
        errors: { form: 'host.login.lockedLater' },
        captcha: false,
        clearCaptcha: false,
      });
    }
  });

  it('puts 475 and 476 on the captcha field with a fresh image', () => {
    expect(refusal(new ApiError(475, ''), false, false)).toEqual({
      errors: { captcha: 'host.login.captchaNeeded' },
      captcha: true,
      clearCaptcha: true,
    });
    expect(refusal(new ApiError(475, ''), true, true)?.errors).toEqual({
      captcha: 'host.login.captchaWrong',
    });
    expect(refusal(new ApiError(476, ''), true, true)?.errors).toEqual({
      captcha: 'host.login.captchaExpired',
    });
  });

  it('with an SMS code, names the code in 475 and 476, and keeps it after a wrong password', () => {
    expect(refusal(new ApiError(475, ''), true, true, true)?.errors).toEqual({
      captcha: 'host.login.codeWrong',
    });
    expect(refusal(new ApiError(475, ''), true, false, true)?.errors).toEqual({
      captcha: 'host.login.codeNeeded',
    });
    expect(refusal(new ApiError(476, ''), true, true, true)?.errors).toEqual({
      captcha: 'host.login.codeExpired',
    });
    expect(refusal(new ApiError(406, 'wrong', { captcha: true }), true, true, true)?.clearCaptcha).toBe(
      false,
    );
  });

  it('leaves other failures to the API client, refreshing a used-up captcha', () => {
    expect(refusal(new ApiError(500, 'boom'), false, false)).toBeNull();
    expect(refusal(new Error('x'), true, false)).toBeNull();
    expect(refusal(new ApiError(-1, 'network'), true, true)?.captcha).toBe(true);
  });
});

describe('waitMessage', () => {
  it('says seconds under a minute, minutes and seconds from then on, in both languages', () => {
    const say = (seconds: number, locale: 'zh-CN' | 'en') => {
      const wait = waitMessage(seconds);
      return t('host.login.locked', { wait: t(wait.key, wait.params, locale) }, locale);
    };
    expect(say(1, 'zh-CN')).toBe('登录失败次数过多，请 1 秒后再试');
    expect(say(59, 'en')).toBe('Too many failed sign-ins. Please try again in 59 s.');
    expect(say(256, 'zh-CN')).toBe('登录失败次数过多，请 4 分 16 秒后再试');
    expect(say(900, 'en')).toBe('Too many failed sign-ins. Please try again in 15 min.');
    expect(say(120, 'zh-CN')).toBe('登录失败次数过多，请 2 分钟后再试');
  });
});

describe('redirectTarget', () => {
  it('returns a same-site path with its query, else /', () => {
    expect(redirectTarget('?redirect=%2Fcustomer-order%2Findex%3Fa%3D1')).toBe('/customer-order/index?a=1');
    expect(redirectTarget('')).toBe('/');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%5Cevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2Flogin')).toBe('/');
  });
});
