import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { Code } from '../../../src/contract/codes.ts';
import type { SecondFactorMethod } from '../../../src/contract/second-factor/schemas.ts';
import type { DB } from '../../db/database.ts';
import { ApiError, invalidField } from '../../core/errors.ts';
import type { AuditBuffer } from '../audit/trail.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { verifyPassword } from './passwords.ts';
import { openSecret, sealSecret } from './second-factor-seal.ts';
import type {} from './second-factor-tables.ts';
import { hashToken } from './tokens.ts';

/**
 * TOTP second factors (RFC 6238 through otplib: SHA-1, 6 digits, 30 s, the authenticator apps'
 * defaults) and their recovery codes (docs/decisions/second-factor.md). A code is accepted one
 * time step either side of the server's clock, and only for a time step after the last one
 * accepted, so a code once used is refused again (replay).
 */
export const ISSUER = 'LP Portal';
export const RECOVERY_CODE_COUNT = 10;
const TOLERANCE_S = 30;
/** Recovery codes: 10 characters without look-alikes (0/O, 1/I/L), shown as two groups of 5. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A person's own account as the calls here know it. */
export interface Person {
  uid: number;
  username: string;
  name: string;
}

/** The key, or 409 when this server has none (production without `SECOND_FACTOR_KEY`). */
export function sealKey(key: Buffer | null): Buffer {
  if (!key) throw new ApiError(Code.conflict, 'Two-step sign-in is not set up on this server');
  return key;
}

/** Whether the user signs in (and signs) with a second factor: a confirmed one. */
export async function hasSecondFactor(db: DB, uid: number): Promise<boolean> {
  const row = await db
    .selectFrom('second_factors')
    .select('uid')
    .where('uid', '=', uid)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the account menu's dialog shows: on or off, and how many recovery codes are left. */
export async function secondFactorStatus(
  db: DB,
  uid: number,
): Promise<{ enabled: boolean; recovery_codes_left: number }> {
  const enabled = await hasSecondFactor(db, uid);
  if (!enabled) return { enabled, recovery_codes_left: 0 };
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('uid', '=', uid)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled, recovery_codes_left: Number(left.n) };
}

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/**
 * The time step (RFC 6238 counter) a 6-digit code is good for at `now`, one step either side;
 * null when it is no code of `secret`, or not one after `afterStep` (used or older).
 */
export async function totpStep(
  secret: string,
  code: string,
  now: Date,
  afterStep = -1,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(now),
    epochTolerance: TOLERANCE_S,
    ...(afterStep >= 0 ? { afterTimeStep: afterStep } : {}),
  }).catch(() => null);
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A recovery code as typed, normalised (upper case, no spaces or dashes). */
export const normalise = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * Checks `code` against the user's confirmed factor inside `trx` (its row locked) and uses it up:
 * a 6-digit code of the authenticator (its time step remembered) or one of the recovery codes
 * (marked used, recorded). Null when it is neither, or was used already.
 */
export async function useSecondFactorCode(
  trx: DB,
  audit: AuditBuffer,
  key: Buffer,
  person: Person,
  code: string,
  now: Date,
  purpose: 'sign_in' | 'signature' | 'remove' | 'renew' | 'admin_reset',
): Promise<SecondFactorMethod | null> {
  const typed = normalise(code);
  const factor = await trx
    .selectFrom('second_factors')
    .select(['secret_sealed', 'last_time_step'])
    .where('uid', '=', person.uid)
    .where('confirmed_at', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
  if (!factor) return null;
  if (/^\d{6}$/.test(typed)) {
    const secret = openSecret(key, person.uid, factor.secret_sealed);
    const step = await totpStep(secret, typed, now, Number(factor.last_time_step));
    if (step === null) return null;
    await trx
      .updateTable('second_factors')
      .set({ last_time_step: String(step) })
      .where('uid', '=', person.uid)
      .execute();
    return 'totp';
  }
  if (!/^[A-Z0-9]{10}$/.test(typed)) return null;
  const used = await trx
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('uid', '=', person.uid)
    .where('code_hash', '=', hashToken(typed))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!used) return null;
  const left = await trx
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('uid', '=', person.uid)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  audit.record({
    cuId: 0,
    recordType: 'user',
    recordId: person.uid,
    action: 'recovery_code_used',
    actor: { kind: 'user', id: person.uid, name: person.name },
    changes: [
      { field: 'purpose', old: null, new: purpose },
      { field: 'recovery_codes_left', old: Number(left.n) + 1, new: Number(left.n) },
    ],
  });
  return 'recovery';
}

/** Records a failed step of enrolment, removal, sign-in or signature (a wrong password or code). */
export function recordFactorFailure(
  audit: AuditBuffer,
  person: Person,
  purpose: 'enrol' | 'confirm' | 'remove' | 'sign_in' | 'signature' | 'renew' | 'admin_reset',
  step: 'password' | 'code' | 'passkey',
  address: string,
): void {
  audit.record({
    cuId: 0,
    recordType: 'user',
    recordId: person.uid,
    action: 'second_factor_failed',
    actor: { kind: 'user', id: person.uid, name: person.name },
    changes: [
      { field: 'purpose', old: null, new: purpose },
      { field: 'step', old: null, new: step },
      { field: 'address', old: null, new: address },
    ],
  });
}

export async function checkOwnPassword(db: DB, person: Person, password: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('uid', '=', person.uid)
    .executeTakeFirstOrThrow();
  return verifyPassword(password, user.password_hash);
}

/** A wrong password in the dialog: recorded, then 422 on `password`. */
async function wrongPassword(
  db: DB,
  person: Person,
  purpose: 'enrol' | 'remove',
  address: string,
  now: Date,
) {
  await auditedTransaction(db, now, async (_trx, audit) =>
    recordFactorFailure(audit, person, purpose, 'password', address),
  );
  return invalidField('password', 'Wrong password');
}

/**
 * `user/second-factor-enrol`: the password again, then a new secret (replacing an unconfirmed
 * one), sealed; answers the secret and its otpauth:// URI (the QR code) for the authenticator.
 * 409 while a confirmed factor exists (turn it off first).
 */
export async function startEnrolment(
  db: DB,
  keyOrNull: Buffer | null,
  person: Person,
  password: string,
  now: Date,
  address: string,
): Promise<{ secret: string; otpauth_uri: string }> {
  const key = sealKey(keyOrNull);
  if (!(await checkOwnPassword(db, person, password)))
    throw await wrongPassword(db, person, 'enrol', address, now);
  if (await hasSecondFactor(db, person.uid))
    throw new ApiError(Code.conflict, 'Two-step sign-in is already on: turn it off first');
  const secret = generateSecret();
  const secret_sealed = sealSecret(key, person.uid, secret);
  await db
    .insertInto('second_factors')
    .values({ uid: person.uid, secret_sealed, confirmed_at: null, last_time_step: '0', created_at: now })
    .onConflict((oc) =>
      oc
        .column('uid')
        .doUpdateSet({ secret_sealed, confirmed_at: null, last_time_step: '0', created_at: now }),
    )
    .execute();
  return { secret, otpauth_uri: generateURI({ issuer: ISSUER, label: person.username, secret }) };
}

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Replaces the person's recovery codes with `codes` (only their SHA-256 is kept). */
export async function storeRecoveryCodes(
  trx: DB,
  uid: number,
  codes: readonly string[],
  now: Date,
): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('uid', '=', uid).execute();
  await trx
    .insertInto('recovery_codes')
    .values(codes.map((c) => ({ uid, code_hash: hashToken(normalise(c)), used_at: null, created_at: now })))
    .execute();
}

/**
 * Confirms the person's begun enrolment with the authenticator's first code (in the caller's
 * transaction): remembers its time step and stores `codes` as the recovery codes. 'none' without
 * an enrolment begun; 'wrong' for a wrong code, recorded as a failure at `address`.
 */
export async function confirmFactor(
  trx: DB,
  audit: AuditBuffer,
  key: Buffer,
  person: Person,
  code: string,
  codes: readonly string[],
  now: Date,
  address: string,
): Promise<'none' | 'wrong' | 'confirmed'> {
  const factor = await trx
    .selectFrom('second_factors')
    .select(['secret_sealed', 'confirmed_at'])
    .where('uid', '=', person.uid)
    .forUpdate()
    .executeTakeFirst();
  if (!factor || factor.confirmed_at) return 'none';
  const typed = normalise(code);
  const step = /^\d{6}$/.test(typed)
    ? await totpStep(openSecret(key, person.uid, factor.secret_sealed), typed, now)
    : null;
  if (step === null) {
    recordFactorFailure(audit, person, 'confirm', 'code', address);
    return 'wrong';
  }
  await trx
    .updateTable('second_factors')
    .set({ confirmed_at: now, last_time_step: String(step) })
    .where('uid', '=', person.uid)
    .execute();
  await storeRecoveryCodes(trx, person.uid, codes, now);
  return 'confirmed';
}

/**
 * `user/second-factor-confirm`: the authenticator's first code turns the factor on and answers
 * ten recovery codes, shown this once (only their SHA-256 is kept). A wrong code: recorded, 422
 * on `code`. 409 without an enrolment begun.
 */
export async function confirmEnrolment(
  db: DB,
  keyOrNull: Buffer | null,
  person: Person,
  code: string,
  now: Date,
  address: string,
): Promise<{ recovery_codes: string[] }> {
  const key = sealKey(keyOrNull);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const outcome = await auditedTransaction(db, now, async (trx, audit) => {
    const confirmed = await confirmFactor(trx, audit, key, person, code, codes, now, address);
    if (confirmed !== 'confirmed') return confirmed;
    audit.record({
      cuId: 0,
      recordType: 'user',
      recordId: person.uid,
      action: 'second_factor_enrol',
      actor: { kind: 'user', id: person.uid, name: person.name },
      changes: [
        { field: 'second_factor', old: null, new: 'totp' },
        { field: 'recovery_codes', old: null, new: RECOVERY_CODE_COUNT },
      ],
    });
    return 'ok' as const;
  });
  if (outcome === 'none')
    throw new ApiError(Code.conflict, 'Start the set-up again: no enrolment is waiting');
  if (outcome === 'wrong')
    throw invalidField('code', 'The code is not right: check the time of your phone and try again');
  return { recovery_codes: codes };
}

/**
 * `user/second-factor-remove`: the password and a code (the authenticator's or a recovery code)
 * turn the factor off; its secret and recovery codes are deleted. Each wrong part is recorded
 * and answers 422 on its field.
 */
export async function removeSecondFactor(
  db: DB,
  keyOrNull: Buffer | null,
  person: Person,
  input: { password: string; code: string },
  now: Date,
  address: string,
): Promise<void> {
  const key = sealKey(keyOrNull);
  if (!(await checkOwnPassword(db, person, input.password)))
    throw await wrongPassword(db, person, 'remove', address, now);
  if (!(await hasSecondFactor(db, person.uid)))
    throw new ApiError(Code.conflict, 'Two-step sign-in is not on');
  const removed = await auditedTransaction(db, now, async (trx, audit) => {
    const method = await useSecondFactorCode(trx, audit, key, person, input.code, now, 'remove');
    if (!method) {
      recordFactorFailure(audit, person, 'remove', 'code', address);
      return false;
    }
    await trx.deleteFrom('recovery_codes').where('uid', '=', person.uid).execute();
    await trx.deleteFrom('second_factors').where('uid', '=', person.uid).execute();
    audit.record({
      cuId: 0,
      recordType: 'user',
      recordId: person.uid,
      action: 'second_factor_remove',
      actor: { kind: 'user', id: person.uid, name: person.name },
      changes: [
        { field: 'second_factor', old: 'totp', new: null },
        { field: 'method', old: null, new: method },
      ],
    });
    return true;
  });
  if (!removed)
    throw invalidField('code', 'The code is not right: check the time of your phone and try again');
}
