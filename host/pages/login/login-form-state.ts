import { isApiError } from '../../../src/api/errors.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { MessageKey } from '../../../src/i18n/translate.ts';

/** Which field a login message belongs to ('form' = above the submit button). */
export type LoginErrorField = 'username' | 'password' | 'captcha' | 'mobile' | 'form';
export type LoginErrors = Partial<Record<LoginErrorField, MessageKey>>;

export interface LoginInput {
  username: string;
  password: string;
  /** The captcha's answer, or in `smsMode` the code sent by SMS. */
  captcha: string;
  captchaShown: boolean;
  /** The SMS code stands in for the captcha (people who cannot read the image). */
  smsMode?: boolean;
}

/** Required-field messages before anything is sent. */
export function checkInput(input: LoginInput): LoginErrors {
  const errors: LoginErrors = {};
  if (input.username.trim() === '') errors.username = 'host.login.usernameRequired';
  if (input.password === '') errors.password = 'host.login.passwordRequired';
  if (input.captchaShown && input.smsMode) {
    if (!/^\d{6}$/.test(input.captcha.trim())) errors.captcha = 'host.login.codeRequired';
  } else if (input.captchaShown && input.captcha.trim() === '') errors.captcha = 'host.login.captchaRequired';
  return errors;
}

/** The message for a mobile number the SMS code would go to, or null when it may be sent. */
export function checkMobile(mobile: string): MessageKey | null {
  const value = mobile.trim();
  if (value === '') return 'host.login.mobileRequired';
  return /^\+?[0-9]{6,20}$/.test(value) ? null : 'host.login.mobileInvalid';
}

/** What the form does after a refused login: the messages, and whether a captcha is now needed. */
export interface Refusal {
  errors: LoginErrors;
  /** Show the captcha (a fresh image: an answer is good for one attempt only). */
  captcha: boolean;
  /** Clear the captcha answer the user typed. */
  clearCaptcha: boolean;
  /** 407: seconds this address must wait before the next try (from `data.retry_after`). */
  retryAfter?: number;
}

function wantsCaptcha(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { captcha?: unknown }).captcha === true;
}

/** `data.retry_after` of a 407 when it is a positive number of seconds. */
function retryAfter(data: unknown): number | undefined {
  const value =
    typeof data === 'object' && data !== null ? (data as { retry_after?: unknown }).retry_after : null;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/**
 * Maps a failed `user/login` to inline messages (spec §8: 406, 407, 475 and 476 are the caller's
 * to show, never toasts). Null for other failures: the API client has already told the user.
 */
export function refusal(
  error: unknown,
  captchaShown: boolean,
  typedCaptcha: boolean,
  smsMode = false,
): Refusal | null {
  if (!isApiError(error)) return null;
  switch (error.code) {
    case Code.wrongCredentials:
      // An SMS code is good for a few tries (the server counts them): it stays for the next one.
      return {
        errors: { form: 'host.login.wrongCredentials' },
        captcha: captchaShown || wantsCaptcha(error.data),
        clearCaptcha: !smsMode,
      };
    case Code.locked: {
      // Too many failures from this address: nothing was checked, so the captcha on screen and
      // its answer stay; the page counts `retry_after` down.
      const seconds = retryAfter(error.data);
      if (seconds === undefined)
        return { errors: { form: 'host.login.lockedLater' }, captcha: false, clearCaptcha: false };
      return {
        errors: { form: 'host.login.locked' },
        captcha: false,
        clearCaptcha: false,
        retryAfter: seconds,
      };
    }
    case Code.captchaRequired:
      if (smsMode)
        return {
          errors: { captcha: typedCaptcha ? 'host.login.codeWrong' : 'host.login.codeNeeded' },
          captcha: true,
          clearCaptcha: true,
        };
      return {
        errors: { captcha: typedCaptcha ? 'host.login.captchaWrong' : 'host.login.captchaNeeded' },
        captcha: true,
        clearCaptcha: true,
      };
    case Code.captchaExpired:
      return {
        errors: { captcha: smsMode ? 'host.login.codeExpired' : 'host.login.captchaExpired' },
        captcha: true,
        clearCaptcha: true,
      };
    default:
      return captchaShown ? { errors: {}, captcha: true, clearCaptcha: true } : null;
  }
}

/** How long is left, as the `{wait}` of host.login.locked: "42 秒", "4 分 16 秒", "15 分钟". */
export function waitMessage(seconds: number): { key: MessageKey; params: Record<string, number> } {
  if (seconds < 60) return { key: 'host.login.waitSeconds', params: { seconds } };
  if (seconds % 60 === 0) return { key: 'host.login.waitWholeMinutes', params: { minutes: seconds / 60 } };
  return {
    key: 'host.login.waitMinutes',
    params: { minutes: Math.floor(seconds / 60), seconds: seconds % 60 },
  };
}

/**
 * Where to go after login: the `redirect` query when it is a path of this site (never another
 * origin: `//evil.example` and `/\evil` are refused), else '/'.
 */
export function redirectTarget(search: string): string {
  const raw = new URLSearchParams(search).get('redirect') ?? '';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw === '/login' || raw.startsWith('/login?')) return '/';
  return raw;
}
