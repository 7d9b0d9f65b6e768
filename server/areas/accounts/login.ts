import { Code } from '../../../src/contract/codes.ts';
import { isWeakPassword } from '../../../src/contract/password.ts';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import type { DB } from '../../db/database.ts';
import { ApiError } from '../../core/errors.ts';
import { checkCaptcha } from './captcha.ts';
import { startingCustomer } from './customers.ts';
import { CAPTCHA_AFTER, clearFailures, failureState, LOCK_MS, recordFailure } from './login-failures.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { startSession, toPassFlag } from './sessions.ts';

const lockedError = () =>
  new ApiError(
    Code.locked,
    'Too many failed logins: the account is locked for {minutes} minutes, please try again later',
    null,
    { params: { minutes: LOCK_MS / 60_000 } },
  );

/**
 * Username/password login (username already trimmed). 407 while locked; after CAPTCHA_AFTER
 * failures the captcha is checked first (475/476); wrong credentials count a failure and answer
 * 406 (407 on the failure that locks). Unknown usernames cost the same scrypt time as known ones.
 */
export async function login(
  db: DB,
  input: { username: string; password: string; validate: string },
  now: Date,
): Promise<LoginResponse> {
  const { username, password, validate } = input;
  const state = await failureState(db, username, now);
  if (state.lockedUntil) throw lockedError();
  if (state.failures >= CAPTCHA_AFTER) await checkCaptcha(db, username, validate, now);

  const user = await db
    .selectFrom('users')
    .select(['uid', 'password_hash', 'is_weak_password', 'pass_flag'])
    .where('ur_account', '=', username)
    .executeTakeFirst();
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) {
    const after = await recordFailure(db, username, now);
    if (after.lockedUntil) throw lockedError();
    if (after.failures >= CAPTCHA_AFTER) {
      throw new ApiError(Code.wrongCredentials, 'Wrong username or password; please also enter the captcha', {
        captcha: true,
      });
    }
    throw new ApiError(Code.wrongCredentials, 'Wrong username or password', { captcha: false });
  }

  await clearFailures(db, username);
  const weak = isWeakPassword(password);
  if (weak !== user.is_weak_password) {
    await db.updateTable('users').set({ is_weak_password: weak }).where('uid', '=', user.uid).execute();
  }
  const customer = await startingCustomer(db, user.uid);
  const access_token = await startSession(db, user.uid, customer?.cu_id ?? null, now);
  return {
    access_token,
    is_weak_password: weak,
    is_white_customer: customer?.is_white ?? false,
    pass_flag: toPassFlag(user.pass_flag),
  };
}
