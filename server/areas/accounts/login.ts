import { Code } from '../../../src/contract/codes.ts';
import { isWeakPassword } from '../../../src/contract/password.ts';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import type { DB } from '../../db/database.ts';
import { ApiError } from '../../core/errors.ts';
import { checkCaptcha, loginCaptcha } from './captcha.ts';
import { startingCustomer } from './customers.ts';
import { addressKey, clearDelay, delayRemaining, recordDelayedFailure } from './login-delays.ts';
import { CAPTCHA_AFTER, clearFailures, failureCount, recordFailure } from './login-failures.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { startSession, toPassFlag } from './sessions.ts';

/**
 * 407 with how long this address must wait: `data.retry_after` in whole seconds; the message says
 * seconds under a minute, whole minutes (rounded up) from a minute on.
 */
function tooSoon(waitMs: number): ApiError {
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
 * 407 while this address must still wait after its failures for this username (login-delays.ts;
 * nothing is checked or counted then); after CAPTCHA_AFTER failures of the username from any
 * address the captcha is checked first (475/476); wrong credentials count a failure for the
 * username and for the address and answer 406. Unknown usernames cost the same scrypt time as
 * known ones and are counted the same way.
 */
export async function login(
  db: DB,
  input: { username: string; password: string; validate: string },
  now: Date,
  address: string,
): Promise<LoginResponse> {
  const { username, password, validate } = input;
  const from = addressKey(address);
  const wait = await delayRemaining(db, username, from, now);
  if (wait > 0) throw tooSoon(wait);
  if ((await failureCount(db, username)) >= CAPTCHA_AFTER)
    await checkCaptcha(db, loginCaptcha(username), validate, now);

  const user = await db
    .selectFrom('users')
    .select(['uid', 'password_hash', 'is_weak_password', 'pass_flag'])
    .where('ur_account', '=', username)
    .executeTakeFirst();
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) {
    const failures = await recordFailure(db, username, now);
    await recordDelayedFailure(db, username, from, now);
    if (failures >= CAPTCHA_AFTER) {
      throw new ApiError(Code.wrongCredentials, 'Wrong username or password; please also enter the captcha', {
        captcha: true,
      });
    }
    throw new ApiError(Code.wrongCredentials, 'Wrong username or password', { captcha: false });
  }

  await clearFailures(db, username);
  await clearDelay(db, username, from);
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
