import { createHash } from 'node:crypto';
import { Code } from '../../../src/contract/codes.ts';
import type { DB } from '../../db/database.ts';
import { ApiError } from '../../core/errors.ts';
import { captchaPng, captchaText } from './captcha-image.ts';

/** A captcha answer is valid for 5 minutes and for one attempt. */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/**
 * What a captcha is for: a `scope` (`login`, `tracking`) and a key within it (a login's
 * username and address; a tracking lookup's order number and address). One captcha per scope
 * and key.
 */
export interface CaptchaFor {
  scope: string;
  key: string;
}

/**
 * A login's captcha: keyed by the username and the client address (login-delays.ts addressKey),
 * so that nobody elsewhere can replace or use up the one a user is answering.
 */
export const loginCaptcha = (username: string, address: string): CaptchaFor => ({
  scope: 'login',
  key: `${username}\n${address}`,
});

/** What is stored of an answer: SHA-256 over the key and the upper-cased answer. */
export function captchaHash(key: string, answer: string): string {
  return createHash('sha256').update(`captcha\0${key}\0${answer.trim().toUpperCase()}`).digest('hex');
}

/**
 * Stores `answer` as the captcha of a scope and key (replacing any earlier one), valid
 * CAPTCHA_TTL_MS. The image's text, or a code sent another way (tracking/sms-alternative.ts).
 */
export async function storeCaptcha(db: DB, subject: CaptchaFor, answer: string, now: Date): Promise<void> {
  const values = {
    scope: subject.scope,
    username: subject.key,
    answer_hash: captchaHash(subject.key, answer),
    expires_at: new Date(now.getTime() + CAPTCHA_TTL_MS),
  };
  await db
    .insertInto('captchas')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['scope', 'username'])
        .doUpdateSet({ answer_hash: values.answer_hash, expires_at: values.expires_at }),
    )
    .execute();
}

/**
 * A new captcha for a scope and key (replacing any earlier one): returns the PNG image.
 * `fixedAnswer` (config.captchaTestAnswer, never set in production) replaces the random text.
 */
export async function issueCaptcha(
  db: DB,
  subject: CaptchaFor,
  now: Date,
  fixedAnswer?: string,
): Promise<Buffer> {
  const text = fixedAnswer ?? captchaText();
  await storeCaptcha(db, subject, text, now);
  return captchaPng(text);
}

/**
 * Checks a captcha answer for a scope and key and uses it up: 475 when missing or wrong (or none
 * was issued), 476 when it expired.
 */
export async function checkCaptcha(db: DB, subject: CaptchaFor, answer: string, now: Date): Promise<void> {
  if (answer.trim() === '') throw new ApiError(Code.captchaRequired, 'Please enter the captcha');
  const row = await db
    .deleteFrom('captchas')
    .where('scope', '=', subject.scope)
    .where('username', '=', subject.key)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.captchaRequired, 'Please get a new captcha');
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    throw new ApiError(Code.captchaExpired, 'The captcha has expired, please get a new one');
  }
  if (row.answer_hash !== captchaHash(subject.key, answer)) {
    throw new ApiError(Code.captchaRequired, 'The captcha is wrong');
  }
}
