import { generateSecret, generateURI } from 'otplib';
import { Code } from '../../../src/contract/codes.ts';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import type { LoginEnrolConfirmResponse } from '../../../src/contract/second-factor-policy/schemas.ts';
import { addressKey } from '../../core/address-key.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { startingCustomer } from './customers.ts';
import type { DeviceSeen } from './devices.ts';
import { countSuccess } from './login-guard.ts';
import {
  confirmFactor,
  hasSecondFactor,
  ISSUER,
  newRecoveryCode,
  RECOVERY_CODE_COUNT,
  sealKey,
} from './second-factor.ts';
import { sealSecret } from './second-factor-seal.ts';
import type {} from './second-factor-policy-tables.ts';
import { startSession, toPassFlag } from './sessions.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * The customer policy "second factor required" (issue 34, docs/decisions/second-factor-policy.md).
 * A person is under it when any of their customers requires it (as with the session policy, the
 * strictest of theirs). At sign-in, the right password of a person under it without a factor
 * starts no session: it answers 478 with a pending enrolment (a token bound to the user and the
 * client address, 10 minutes, 5 codes), which `user/login-enrol-start` turns into a new secret and
 * `user/login-enrol-confirm` (the first code) into a factor, ten recovery codes and the session.
 * The hand-overs from the provider's other systems carry no factor: under the policy they open no
 * session (the person signs in with the password and code). Sessions begun before the policy was
 * set live on until they end (idle or absolute lifetime, sign-out); a customer switch keeps its
 * sign-in's time, so it extends nothing.
 */

/** A pending enrolment waits this long (time to install an app and scan), and takes this many codes. */
export const ENROL_TTL_MS = 10 * 60_000;
export const ENROL_TRIES = 5;

/** Whether a customer of `uid` requires a second factor. */
export async function requiresSecondFactor(db: DB, uid: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_customers as uc')
    .innerJoin('session_policies as p', 'p.cu_id', 'uc.cu_id')
    .select('uc.uid')
    .where('uc.uid', '=', uid)
    .where('p.second_factor_required', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The password step of a person under the policy without a factor (login.ts): a pending
 * enrolment, answered as 478 with its token. Nothing of the session starts, and the username's
 * failure counts stay until the enrolment's first code is right.
 */
export async function enrolmentRequired(
  db: DB,
  uid: number,
  address: string,
  weak: boolean,
  now: Date,
): Promise<ApiError> {
  const token = newToken();
  await db
    .insertInto('pending_sign_ins')
    .values({
      token_hash: hashToken(token),
      uid,
      address: addressKey(address),
      purpose: 'enrol',
      is_weak_password: weak,
      expires_at: new Date(now.getTime() + ENROL_TTL_MS),
      used_at: null,
      created_at: now,
    })
    .execute();
  await db.deleteFrom('pending_sign_ins').where('expires_at', '<', now).execute();
  return new ApiError(
    Code.secondFactorEnrolmentRequired,
    'Your organisation requires two-step sign-in: set it up to continue',
    { enrol_token: token, expires_in: ENROL_TTL_MS / 1000 },
  );
}

export const enrolmentOver = () =>
  new ApiError(Code.captchaExpired, 'The set-up has expired: please enter your password again');

/** The pending enrolment of `token` from `address` when it is still open (and takes a code). */
export async function openEnrolment(db: DB, token: string, address: string, now: Date) {
  return db
    .selectFrom('pending_sign_ins as p')
    .innerJoin('users as u', 'u.uid', 'p.uid')
    .select(['p.uid', 'u.ur_account', 'u.name'])
    .where('p.token_hash', '=', hashToken(token))
    .where('p.purpose', '=', 'enrol')
    .where('p.used_at', 'is', null)
    .where('p.expires_at', '>', now)
    .where('p.tries', '<', ENROL_TRIES)
    .where('p.address', '=', addressKey(address))
    .executeTakeFirst();
}

/**
 * `user/login-enrol-start`: a new secret for the pending enrolment (replacing one begun), sealed,
 * and its otpauth:// URI. 476 when the enrolment is unknown, over or from another address, or the
 * person has a factor meanwhile (the password again then asks for its code).
 */
export async function loginEnrolStart(
  db: DB,
  keyOrNull: Buffer | null,
  input: { enrol_token: string },
  now: Date,
  address: string,
): Promise<{ secret: string; otpauth_uri: string }> {
  const key = sealKey(keyOrNull);
  const pending = await openEnrolment(db, input.enrol_token, address, now);
  if (!pending || (await hasSecondFactor(db, pending.uid))) throw enrolmentOver();
  const secret = generateSecret();
  const secret_sealed = sealSecret(key, pending.uid, secret);
  const values = { secret_sealed, confirmed_at: null, last_time_step: '0', created_at: now };
  await db
    .insertInto('second_factors')
    .values({ uid: pending.uid, ...values })
    .onConflict((oc) => oc.column('uid').doUpdateSet(values))
    .execute();
  return { secret, otpauth_uri: generateURI({ issuer: ISSUER, label: pending.ur_account, secret }) };
}

/**
 * `user/login-enrol-confirm`: takes one code of the pending enrolment first (atomically), then
 * the first code of the authenticator turns the factor on (recorded `second_factor_enrol`, `at:
 * sign_in`), ten recovery codes are made, and the session opens as the password login's would
 * (device, the counts cleared, the same answer) with the codes, shown this once. A wrong code is
 * recorded and answers 406 with the codes left; it is no failed sign-in (the password was right,
 * and the code proves nothing against the account: it is the person's new factor).
 */
export async function loginEnrolConfirm(
  db: DB,
  keyOrNull: Buffer | null,
  input: { enrol_token: string; code: string },
  now: Date,
  address: string,
  device: DeviceSeen | null,
): Promise<LoginEnrolConfirmResponse> {
  const key = sealKey(keyOrNull);
  const from = addressKey(address);
  const tokenHash = hashToken(input.enrol_token);
  const pending = await db
    .updateTable('pending_sign_ins')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', 'enrol')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('tries', '<', ENROL_TRIES)
    .where('address', '=', from)
    .returning(['uid', 'tries', 'is_weak_password'])
    .executeTakeFirst();
  if (!pending) throw enrolmentOver();
  const user = await db
    .selectFrom('users')
    .select(['uid', 'ur_account', 'name', 'pass_flag'])
    .where('uid', '=', pending.uid)
    .executeTakeFirstOrThrow();
  const person = { uid: user.uid, username: user.ur_account, name: user.name };
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const outcome = await auditedTransaction(db, now, async (trx, audit) => {
    const confirmed = await confirmFactor(trx, audit, key, person, input.code, codes, now, from);
    if (confirmed !== 'confirmed') return confirmed;
    // taken once: a passkey added meanwhile for the same pending enrolment (login-enrol-passkey.ts)
    // took it first, and this factor is rolled back
    const taken = await trx
      .updateTable('pending_sign_ins')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .returning('uid')
      .executeTakeFirst();
    if (!taken) throw enrolmentOver();
    audit.record({
      cuId: 0,
      recordType: 'user',
      recordId: person.uid,
      action: 'second_factor_enrol',
      actor: { kind: 'user', id: person.uid, name: person.name },
      changes: [
        { field: 'second_factor', old: null, new: 'totp' },
        { field: 'recovery_codes', old: null, new: RECOVERY_CODE_COUNT },
        { field: 'at', old: null, new: 'sign_in' },
        { field: 'address', old: null, new: from },
      ],
    });
    return 'ok' as const;
  });
  if (outcome === 'none') throw enrolmentOver();
  if (outcome === 'wrong')
    throw new ApiError(
      Code.wrongCredentials,
      'The code is not right: check the time of your phone and try again',
      {
        tries_left: ENROL_TRIES - pending.tries,
      },
    );
  return {
    ...(await enrolledSignIn(db, user, pending.is_weak_password, from, now, device)),
    recovery_codes: codes,
  };
}

/**
 * The end of an enrolment at sign-in (the authenticator's first code, or a passkey added): the
 * session opens as the password login's would (device, the counts cleared, the same answer).
 */
export async function enrolledSignIn(
  db: DB,
  user: { uid: number; ur_account: string; pass_flag: number },
  weak: boolean,
  from: string,
  now: Date,
  device: DeviceSeen | null,
): Promise<LoginResponse> {
  await countSuccess(db, user.ur_account, from, now);
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
 * The hand-overs (`user/jump-login`, `user/new-login`) prove who the person is to another system,
 * not their second factor: under the policy they open no session (598, sign in with the password).
 */
export async function refuseHandOverUnderPolicy(db: DB, uid: number): Promise<void> {
  if (await requiresSecondFactor(db, uid))
    throw new ApiError(
      Code.sessionExpired,
      'Your organisation requires two-step sign-in: please sign in with your password',
    );
}
