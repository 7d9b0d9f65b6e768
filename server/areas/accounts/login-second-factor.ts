import { Code } from '../../../src/contract/codes.ts';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import type { SecondFactorMethod } from '../../../src/contract/second-factor/schemas.ts';
import { addressKey } from '../../core/address-key.ts';
import { ApiError } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import type { DB } from '../../db/database.ts';
import { type AuditBuffer, auditedTransaction } from '../audit/trail.ts';
import { startingCustomer } from './customers.ts';
import type { DeviceSeen } from './devices.ts';
import { countFailure, countSuccess, type GuardOptions, loginStanding } from './login-guard.ts';
import { tooSoon } from './login.ts';
import { type Person, recordFactorFailure, sealKey, useSecondFactorCode } from './second-factor.ts';
import { startSession, toPassFlag } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';
import type {} from './second-factor-policy-tables.ts';

/** A sign-in waits this long for its second step, and takes this many codes at most. */
export const PENDING_TTL_MS = 5 * 60_000;
export const PENDING_TRIES = 5;

/**
 * The password step of a user with a second factor (login.ts): a pending sign-in bound to the
 * user and the client address, answered as 477 with its token and the methods. Nothing of the
 * session starts yet, and the username's failure counts stay until the second step succeeds.
 */
export async function secondFactorRequired(
  db: DB,
  uid: number,
  address: string,
  weak: boolean,
  now: Date,
  methods: readonly SecondFactorMethod[],
): Promise<ApiError> {
  const token = newToken();
  await db
    .insertInto('pending_sign_ins')
    .values({
      token_hash: hashToken(token),
      uid,
      address: addressKey(address),
      is_weak_password: weak,
      expires_at: new Date(now.getTime() + PENDING_TTL_MS),
      used_at: null,
      created_at: now,
    })
    .execute();
  await db
    .deleteFrom('pending_sign_ins')
    .where('expires_at', '<', new Date(now.getTime() - PENDING_TTL_MS))
    .execute();
  return new ApiError(Code.secondFactorRequired, signInAsk(methods), {
    pending_token: token,
    methods: [...methods],
    expires_in: PENDING_TTL_MS / 1000,
  });
}

/** What the 477 of a sign-in asks for, by the person's methods (a code, a passkey, either). */
export function signInAsk(methods: readonly SecondFactorMethod[]): ServerMessage {
  if (!methods.includes('passkey')) return 'Enter the code of your authenticator app';
  return methods.includes('totp') ? 'Confirm with your second factor' : 'Confirm with your passkey';
}

/** How a pending sign-in's second step is checked, inside its transaction: the method, or null. */
export type SecondStep = (trx: DB, audit: AuditBuffer, person: Person) => Promise<string | null>;

/**
 * `user/login-second-factor`: a code of the authenticator or a recovery code (finishPendingSignIn).
 */
export function loginSecondFactor(
  db: DB,
  keyOrNull: Buffer | null,
  input: { pending_token: string; code: string },
  now: Date,
  address: string,
  options: GuardOptions,
  device: DeviceSeen | null,
): Promise<LoginResponse> {
  const key = sealKey(keyOrNull);
  return finishPendingSignIn(db, input.pending_token, now, address, options, device, (trx, audit, person) =>
    useSecondFactorCode(trx, audit, key, person, input.code, now, 'sign_in'),
  );
}

/** The pending sign-in of `token` as `user/login-passkey-options` may start it: its user, or 476. */
export async function pendingSignInUser(db: DB, token: string, now: Date, address: string): Promise<number> {
  const pending = await db
    .selectFrom('pending_sign_ins')
    .select('uid')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('tries', '<', PENDING_TRIES)
    .where('address', '=', addressKey(address))
    .where('purpose', '=', 'code')
    .executeTakeFirst();
  if (!pending)
    throw new ApiError(Code.captchaExpired, 'The sign-in has expired: please enter your password again');
  return pending.uid;
}

/**
 * The second step of a pending sign-in: takes one try of it first (atomically: tries side by side
 * cannot take more than 5), from the address that began it only; 476 when it is unknown, used,
 * expired, out of tries or from another address. 407 while this address must wait (the login's
 * lock-out). A wrong second step (`check` answers null) is a failed sign-in (counted as a wrong
 * password is, recorded) and answers 406 with the tries left (`step` says which: a code, or a
 * passkey, recorded so and answered in its own words); a right one opens the session as the
 * password login does.
 */
export async function finishPendingSignIn(
  db: DB,
  token: string,
  now: Date,
  address: string,
  options: GuardOptions,
  device: DeviceSeen | null,
  check: SecondStep,
  step: 'code' | 'passkey' = 'code',
): Promise<LoginResponse> {
  const from = addressKey(address);
  const pending = await db
    .updateTable('pending_sign_ins')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('tries', '<', PENDING_TRIES)
    .where('address', '=', from)
    .where('purpose', '=', 'code')
    .returning(['uid', 'tries', 'is_weak_password'])
    .executeTakeFirst();
  if (!pending)
    throw new ApiError(Code.captchaExpired, 'The sign-in has expired: please enter your password again');
  const user = await db
    .selectFrom('users')
    .select(['uid', 'ur_account', 'name', 'pass_flag'])
    .where('uid', '=', pending.uid)
    .executeTakeFirstOrThrow();
  const person = { uid: user.uid, username: user.ur_account, name: user.name };
  const standing = await loginStanding(db, person.username, from, now, options);
  if (standing.wait > 0) throw tooSoon(standing.wait);

  const method = await auditedTransaction(db, now, async (trx, audit) => {
    const used = await check(trx, audit, person);
    if (!used) {
      recordFactorFailure(audit, person, 'sign_in', step, from);
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: person.uid,
        action: 'sign_in_failed',
        actor: { kind: 'user', id: person.uid, name: person.username },
        changes: [
          { field: 'address', old: null, new: from },
          { field: 'step', old: null, new: 'second_factor' },
        ],
      });
      await countFailure(trx, person.username, from, now, options);
      return null;
    }
    await trx
      .updateTable('pending_sign_ins')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .execute();
    return used;
  });
  if (!method)
    throw new ApiError(
      Code.wrongCredentials,
      step === 'passkey' ? 'The passkey was not accepted' : 'The code is wrong',
      {
        tries_left: PENDING_TRIES - pending.tries,
      },
    );

  await countSuccess(db, person.username, from, now);
  const customer = await startingCustomer(db, user.uid);
  const access_token = await startSession(db, user.uid, customer?.cu_id ?? null, now, 'replaced', device);
  return {
    access_token,
    is_weak_password: pending.is_weak_password,
    is_white_customer: customer?.is_white ?? false,
    pass_flag: toPassFlag(user.pass_flag),
  };
}
