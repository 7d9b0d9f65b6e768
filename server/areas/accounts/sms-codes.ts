import { randomInt } from 'node:crypto';
import { Code } from '../../../src/contract/codes.ts';
import type { DB } from '../../db/database.ts';
import { ApiError } from '../../core/errors.ts';
import { maskMobile } from '../../core/mobile-number.ts';
import type { SmsSender } from '../../core/sms-sender.ts';
import { hashToken } from './tokens.ts';

/** An SMS code is valid 5 minutes, one may be sent per 60 s, and it allows 5 attempts. */
export const SMS_TTL_MS = 5 * 60 * 1000;
export const SMS_INTERVAL_MS = 60 * 1000;
export const SMS_MAX_ATTEMPTS = 5;

const codeHash = (uid: number, code: string) => hashToken(`sms\0${uid}\0${code}`);

/**
 * Sends a new 6-digit code to the user's mobile; 429 (with the seconds left) within 60 s of the last.
 * With `background`, the text is handed to the carrier after the answer has gone (a failure is
 * logged, not answered): the sign-in's code must not say by its time or its error that a number matched.
 */
export async function sendSmsCode(
  db: DB,
  sms: SmsSender,
  uid: number,
  mobile: string,
  now: Date,
  options: { background?: boolean } = {},
): Promise<{ mobile: string }> {
  const last = await db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('uid', '=', uid)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) {
    const wait = new Date(last.created_at).getTime() + SMS_INTERVAL_MS - now.getTime();
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new ApiError(
        Code.tooManyRequests,
        'Please wait {seconds} seconds before asking for another code',
        { seconds },
        { params: { seconds } },
      );
    }
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insertInto('sms_codes')
    .values({
      uid,
      mobile,
      code_hash: codeHash(uid, code),
      expires_at: new Date(now.getTime() + SMS_TTL_MS),
      created_at: now,
    })
    .execute();
  const text = `Your verification code is ${code}. It is valid for 5 minutes. 您的验证码为 ${code}，5 分钟内有效。`;
  if (options.background)
    // after the answer has gone: its time would otherwise say that a text went out
    setImmediate(() => {
      sms.send(mobile, text).catch((error: unknown) => {
        console.error(`[sms] a sign-in code was not sent: ${error instanceof Error ? error.message : error}`);
      });
    });
  else await sms.send(mobile, text);
  return { mobile: maskMobile(mobile) };
}

/**
 * Checks the user's latest code for `mobile` and returns its id: 475 when none was sent, it is
 * used, wrong or out of attempts; 476 when it expired. Every check takes one of the code's
 * SMS_MAX_ATTEMPTS tries before comparing (one statement, so checks side by side cannot take more).
 * The caller then uses the code up with markSmsCodeUsed inside its own transaction.
 */
export async function checkSmsCode(
  db: DB,
  uid: number,
  mobile: string,
  code: string,
  now: Date,
): Promise<string> {
  const row = await db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'expires_at', 'used_at', 'attempts'])
    .where('uid', '=', uid)
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.used_at) throw new ApiError(Code.captchaRequired, 'Please get a verification code first');
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    throw new ApiError(Code.captchaExpired, 'The verification code has expired, please get a new one');
  }
  const tried = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', SMS_MAX_ATTEMPTS)
    .returning('id')
    .executeTakeFirst();
  if (!tried) {
    throw new ApiError(Code.captchaRequired, 'Too many wrong attempts, please get a new verification code');
  }
  if (row.code_hash !== codeHash(uid, code)) {
    throw new ApiError(Code.captchaRequired, 'The verification code is wrong');
  }
  return String(row.id);
}

/** Uses up a checked code (inside the caller's transaction); 475 when another request used it first. */
export async function markSmsCodeUsed(trx: DB, id: string, now: Date): Promise<void> {
  const used = await trx
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw new ApiError(Code.captchaRequired, 'Please get a verification code first');
}
