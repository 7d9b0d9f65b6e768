import type { DB } from '../../db/database.ts';
import { isKnownAddress, rememberAddress } from './login-addresses.ts';
import {
  addressFailures,
  clearDelay,
  delayAfter,
  LOCK_AFTER,
  LOCK_MS,
  pairFailures,
  recordDelayedFailure,
} from './login-delays.ts';
import { CAPTCHA_AFTER, clearFailures, failureCount, recordFailure } from './login-failures.ts';
import { recordSecurityEvent } from './security-events.ts';

/**
 * What a login from one address must go through, from three counts (docs/decisions/login-abuse.md):
 *
 * - **the username at this address** (login-delays.ts): the captcha from its CAPTCHA_AFTER-th
 *   failure, a wait of 1–16 s from the 5th, a 15-minute lock from the 10th;
 * - **the username from anywhere** (login-failures.ts): from CAPTCHA_AFTER failures the captcha,
 *   but only from an address the user has not logged in from lately (login-addresses.ts): the
 *   real user at their desk is not even asked, on a new address a captcha is all they meet;
 * - **the address over all usernames** (when per-address limits are on, as rate limits are: tests
 *   and benchmarks share one address): the captcha from ADDRESS_CAPTCHA_AFTER failures, a lock of
 *   LOCK_MS after each failure from ADDRESS_LOCK_AFTER on (password spraying, credential stuffing).
 *
 * Nothing here ever refuses the right password from an address that has not failed itself.
 */
export const ADDRESS_CAPTCHA_AFTER = 10;
export const ADDRESS_LOCK_AFTER = 100;
/** A username's trail: an event at every this many failures of it. */
export const USERNAME_ALERT_EVERY = 10;

export interface GuardOptions {
  /** Whether the per-address counts over all usernames apply (config.rateLimits). */
  perAddress: boolean;
}

export interface Standing {
  /** Milliseconds this address must still wait (407); 0: it may try now. */
  wait: number;
  /** Whether the try must answer the captcha. */
  captcha: boolean;
}

/** Where a login of `username` from `address` (an addressKey) stands at `now`. */
export async function loginStanding(
  db: DB,
  username: string,
  address: string,
  now: Date,
  options: GuardOptions,
): Promise<Standing> {
  const at = now.getTime();
  const pair = await pairFailures(db, username, address, now);
  let wait = pair.failures > 0 ? Math.max(0, pair.last + delayAfter(pair.failures) - at) : 0;
  let addressCaptcha = false;
  if (options.perAddress) {
    const all = await addressFailures(db, address, now);
    if (all.failures >= ADDRESS_LOCK_AFTER) wait = Math.max(wait, all.last + LOCK_MS - at);
    addressCaptcha = all.failures >= ADDRESS_CAPTCHA_AFTER;
  }
  if (wait > 0) return { wait, captcha: false };
  const captcha =
    pair.failures >= CAPTCHA_AFTER ||
    addressCaptcha ||
    ((await failureCount(db, username, now)) >= CAPTCHA_AFTER &&
      !(await isKnownAddress(db, username, address, now)));
  return { wait: 0, captcha };
}

/**
 * Counts a failed login of `username` from `address` (every count above), leaves the trail of
 * crossed thresholds, and answers whether the next try from there needs the captcha.
 */
export async function countFailure(
  db: DB,
  username: string,
  address: string,
  now: Date,
  options: GuardOptions,
): Promise<boolean> {
  const total = await recordFailure(db, username, now);
  const pair = await recordDelayedFailure(db, username, address, now);
  if (total % USERNAME_ALERT_EVERY === 0)
    await recordSecurityEvent(
      db,
      { kind: 'login-username', subject: username, address, failures: total },
      now,
    );
  if (pair === LOCK_AFTER)
    await recordSecurityEvent(db, { kind: 'login-locked', subject: username, address, failures: pair }, now);
  let addressCaptcha = false;
  if (options.perAddress) {
    const all = await addressFailures(db, address, now);
    if (all.failures === ADDRESS_LOCK_AFTER)
      await recordSecurityEvent(
        db,
        { kind: 'login-address-locked', subject: '', address, failures: all.failures },
        now,
      );
    addressCaptcha = all.failures >= ADDRESS_CAPTCHA_AFTER;
  }
  return (
    pair >= CAPTCHA_AFTER ||
    addressCaptcha ||
    (total >= CAPTCHA_AFTER && !(await isKnownAddress(db, username, address, now)))
  );
}

/** A successful login: the username's count ends, this address's too, and the address is known. */
export async function countSuccess(db: DB, username: string, address: string, now: Date): Promise<void> {
  await clearFailures(db, username);
  await clearDelay(db, username, address);
  await rememberAddress(db, username, address, now);
}
