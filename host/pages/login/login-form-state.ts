import { isApiError } from '../../../src/api/errors.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { MessageKey } from '../../../src/i18n/translate.ts';

/** Which field a login message belongs to ('form' = above the submit button). */
export type LoginErrorField = 'username' | 'password' | 'captcha' | 'form';
export type LoginErrors = Partial<Record<LoginErrorField, MessageKey>>;

export interface LoginInput {
  username: string;
  password: string;
  captcha: string;
  captchaShown: boolean;
}

/** Required-field messages before anything is sent. */
export function checkInput(input: LoginInput): LoginErrors {
  const errors: LoginErrors = {};
  if (input.username.trim() === '') errors.username = 'host.login.usernameRequired';
  if (input.password === '') errors.password = 'host.login.passwordRequired';
  if (input.captchaShown && input.captcha.trim() === '') errors.captcha = 'host.login.captchaRequired';
  return errors;
}

/** What the form does after a refused login: the messages, and whether a captcha is now needed. */
export interface Refusal {
  errors: LoginErrors;
  /** Show the captcha (a fresh image: an answer is good for one attempt only). */
  captcha: boolean;
  /** Clear the captcha answer the user typed. */
  clearCaptcha: boolean;
}

function wantsCaptcha(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { captcha?: unknown }).captcha === true;
}

/**
 * Maps a failed `user/login` to inline messages (spec §8: 406, 407, 475 and 476 are the caller's
 * to show, never toasts). Null for other failures: the API client has already told the user.
 */
export function refusal(error: unknown, captchaShown: boolean, typedCaptcha: boolean): Refusal | null {
  if (!isApiError(error)) return null;
  switch (error.code) {
    case Code.wrongCredentials:
      return {
        errors: { form: 'host.login.wrongCredentials' },
        captcha: captchaShown || wantsCaptcha(error.data),
        clearCaptcha: true,
      };
    case Code.locked:
      return { errors: { form: 'host.login.locked' }, captcha: captchaShown, clearCaptcha: true };
    case Code.captchaRequired:
      return {
        errors: { captcha: typedCaptcha ? 'host.login.captchaWrong' : 'host.login.captchaNeeded' },
        captcha: true,
        clearCaptcha: true,
      };
    case Code.captchaExpired:
      return { errors: { captcha: 'host.login.captchaExpired' }, captcha: true, clearCaptcha: true };
    default:
      return captchaShown ? { errors: {}, captcha: true, clearCaptcha: true } : null;
  }
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
