import { Code } from '../../../src/contract/codes.ts';
import { isWeakPassword } from '../../../src/contract/password.ts';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import type { DB } from '../../db/database.ts';
import { ApiError } from '../../core/errors.ts';
import type { SmsSender } from '../../core/sms-sender.ts';
import { checkCaptcha, loginCaptcha } from './captcha.ts';
import { isCommonPassword } from './common-passwords.ts';
import { startingCustomer } from './customers.ts';
import type { DeviceSeen } from './devices.ts';
import { addressKey } from '../../core/address-key.ts';
import { countFailure, countSuccess, type GuardOptions, loginStanding } from './login-guard.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { startSession, toPassFlag } from './sessions.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { secondFactorRequired } from './login-second-factor.ts';
import { factorMethods } from './passkeys.ts';
import { enrolmentRequired, requiresSecondFactor } from './second-factor-policy.ts';
import { checkSmsCode, markSmsCodeUsed, sendSmsCode } from './sms-codes.ts';
import { maskMobile, nationalNumber } from '../../core/mobile-number.ts';

/**
 * 407 with how long this address must wait: `data.retry_after` in whole seconds; the message says
 * seconds under a minute, whole minutes (rounded up) from a minute on.
 */
export function tooSoon(waitMs: number): ApiError {
  const retry_after = Math.ceil(waitMs / 1000);
  if (retry_after < 60) {
    return new ApiError(
      Code.locked,
      'Too many failed logins from your address: please wait {seconds} s and try again',
      { retry_after },
      { params: { seconds: retry_after } },
    );
  }
  return new ApiError(
    Code.locked,
    'Too many failed logins from your address: please wait {minutes} min and try again',
    { retry_after },
    { params: { minutes: Math.ceil(retry_after / 60) } },
  );
}

/**
 * Username/password login (username already trimmed) from a client `address` (the socket's).
 * 407 while this address must still wait (login-guard.ts; nothing is checked or counted then);
 * the captcha first when this address must answer it (475/476, keyed by username and address);
 * wrong credentials are counted (for the username, the username at this address, the address) and
 * answer 406 with `captcha`: whether the next try from here needs it. Unknown usernames cost the
 * same scrypt time as known ones and are counted the same way. The session remembers the
 * `device` it comes from (devices.ts), when the caller names it (the route does).
 */
export async function login(
  db: DB,
  input: { username: string; password: string; validate: string; sms_code?: string },
  now: Date,
  address: string,
  options: GuardOptions = { perAddress: false },
  device: DeviceSeen | null = null,
): Promise<LoginResponse> {
  const { username, password, validate, sms_code: smsCode = '' } = input;
  const from = addressKey(address);
  const standing = await loginStanding(db, username, from, now, options);
  if (standing.wait > 0) throw tooSoon(standing.wait);

  const user = await db
    .selectFrom('users')
    .select(['uid', 'password_hash', 'is_weak_password', 'pass_flag', 'mobile'])
    .where('ur_account', '=', username)
    // an ended account (scim.ts) is no account to sign in to
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  // The captcha, or instead the code sent to the account's mobile (sendLoginCode below).
  let codeId: string | null = null;
  if (standing.captcha && smsCode !== '') codeId = await checkLoginCode(db, user, smsCode, now);
  else if (standing.captcha) await checkCaptcha(db, loginCaptcha(username, from), validate, now);

  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) {
    // counted and recorded together (the user's chain, 0; the username as typed when no such user)
    const captcha = await auditedTransaction(db, now, async (trx, audit) => {
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: user?.uid ?? username,
        action: 'sign_in_failed',
        actor: { kind: 'user', id: user?.uid ?? null, name: username },
        changes: [{ field: 'address', old: null, new: from }],
      });
      return countFailure(trx, username, from, now, options);
    });
    if (captcha) {
      throw new ApiError(Code.wrongCredentials, 'Wrong username or password; please also enter the captcha', {
        captcha: true,
      });
    }
    throw new ApiError(Code.wrongCredentials, 'Wrong username or password', { captcha: false });
  }

  if (codeId) await markSmsCodeUsed(db, codeId, now);
  const methods = await factorMethods(db, user.uid);
  const factor = methods.length > 0;
  // none, but a customer of the person requires one: enrolment first (second-factor-policy.ts)
  const enrol = !factor && (await requiresSecondFactor(db, user.uid));
  // with a second factor the counts end when its code is right too (login-second-factor.ts)
  if (!factor && !enrol) await countSuccess(db, username, from, now);
  const weak = isWeakPassword(password) || (await isCommonPassword(password));
  if (weak !== user.is_weak_password) {
    // what the password's weakness asks of the user (the prompt) is part of the account: recorded
    await auditedTransaction(db, now, async (trx, audit) => {
      await trx.updateTable('users').set({ is_weak_password: weak }).where('uid', '=', user.uid).execute();
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: user.uid,
        action: 'password_rated',
        actor: { kind: 'system', id: null, name: 'sign-in' },
        changes: [{ field: 'is_weak_password', old: user.is_weak_password, new: weak }],
      });
    });
  }
  // a second factor: the session waits for its code (login-second-factor.ts)
  if (factor) throw await secondFactorRequired(db, user.uid, address, weak, now, methods);
  if (enrol) throw await enrolmentRequired(db, user.uid, address, weak, now);
  const customer = await startingCustomer(db, user.uid);
  const access_token = await startSession(db, user.uid, customer?.cu_id ?? null, now, 'replaced', device);
  return {
    access_token,
    is_weak_password: weak,
    is_white_customer: customer?.is_white ?? false,
    pass_flag: toPassFlag(user.pass_flag),
  };
}

/**
 * A sign-in's SMS code, checked (one of its tries taken, a right one or not). Whatever is wrong
 * (no such account, no code, used, expired, out of tries, not the code) gets the one answer, after
 * the same query: what a wrong guess is told must not say whether an account, a number or a code
 * exists.
 */
async function checkLoginCode(
  db: DB,
  user: { uid: number; mobile: string } | undefined,
  code: string,
  now: Date,
): Promise<string> {
  try {
    return await checkSmsCode(db, user?.uid ?? 0, user?.mobile ?? '', code, now);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(Code.captchaRequired, 'The code is wrong or no longer valid: please get a new one');
  }
}

/**
 * `user/login-sms`, the captcha's alternative for people who cannot read the image (WCAG 1.1.1):
 * a 6-digit code to the account's mobile, which `login` then takes instead of the captcha answer.
 * The code goes only when `mobile` is the account's own number, and the answer is the same either
 * way (the number as typed, masked), so the call tells nobody whether an account or a number
 * exists, and texts no number the account does not have. Within a minute of the account's last
 * code nothing is sent (and nothing said). An address that must wait before its next login (407)
 * must wait for a code too.
 */
export async function sendLoginCode(
  db: DB,
  sms: SmsSender,
  input: { username: string; mobile: string },
  now: Date,
  address: string,
  options: GuardOptions,
): Promise<{ mobile: string }> {
  const standing = await loginStanding(db, input.username, addressKey(address), now, options);
  if (standing.wait > 0) throw tooSoon(standing.wait);
  const user = await db
    .selectFrom('users')
    .select(['uid', 'mobile'])
    .where('ur_account', '=', input.username)
    // an ended account (scim.ts) is no account to sign in to
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (user?.mobile && nationalNumber(user.mobile) === nationalNumber(input.mobile)) {
    try {
      // not waiting for the carrier: its time and its errors would say the number matched
      await sendSmsCode(db, sms, user.uid, user.mobile, now, { background: true });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === Code.tooManyRequests)) throw error;
    }
  }
  return { mobile: maskMobile(input.mobile) };
}
