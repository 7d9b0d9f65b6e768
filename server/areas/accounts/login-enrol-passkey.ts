import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import type { PasskeyCredential } from '../../../src/contract/passkeys/schemas.ts';
import { addressKey } from '../../core/address-key.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction } from '../audit/trail.ts';
import type { DeviceSeen } from './devices.ts';
import { creationOptions, factorMethods, keepPasskey, type RelyingParty } from './passkeys.ts';
import { ENROL_TRIES, enrolledSignIn, enrolmentOver, openEnrolment } from './second-factor-policy.ts';
import type {} from './second-factor-policy-tables.ts';
import { hashToken } from './tokens.ts';

/**
 * The enrolment at sign-in under the policy "second factor required" with a passkey instead of
 * the authenticator app (docs/decisions/passkeys.md, docs/decisions/second-factor-policy.md).
 * The pending enrolment of the 478 is the pending sign-in: open (10 minutes, 5 codes), from the
 * address that began it, of a person who still has no factor. The challenge is bound to it and to
 * the purpose `register`; the key is checked and kept as the account menu's (passkeys.ts
 * keepPasskey), and the session opens as the TOTP enrolment's does (enrolledSignIn).
 */

/** `user/login-enrol-passkey-options`: creation options for the pending enrolment, or 476. */
export async function loginEnrolPasskeyOptions(
  db: DB,
  rp: RelyingParty,
  input: { enrol_token: string },
  now: Date,
  address: string,
): Promise<Record<string, unknown> & { challenge: string }> {
  const pending = await openEnrolment(db, input.enrol_token, address, now);
  if (!pending || (await factorMethods(db, pending.uid)).length > 0) throw enrolmentOver();
  const person = { uid: pending.uid, username: pending.ur_account, name: pending.name };
  return creationOptions(db, rp, person, hashToken(input.enrol_token), now);
}

/**
 * `user/login-enrol-passkey`: in one transaction, the pending enrolment is taken (used, so a
 * replay or a second answer side by side finds it over: 476), the key checked against the
 * challenge of this pending enrolment and kept (`passkey_added`, `at: sign_in`); then the session
 * opens. A refused answer (422) rolls all of it back: the pending enrolment, its challenge and the
 * person's keys are as they were, and the TOTP path stays open.
 */
export async function loginEnrolPasskey(
  db: DB,
  rp: RelyingParty,
  input: { enrol_token: string; name: string; credential: PasskeyCredential },
  now: Date,
  address: string,
  device: DeviceSeen | null,
): Promise<LoginResponse> {
  const from = addressKey(address);
  const tokenHash = hashToken(input.enrol_token);
  const { user, weak } = await auditedTransaction(db, now, async (trx, audit) => {
    const pending = await trx
      .updateTable('pending_sign_ins')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', 'enrol')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('tries', '<', ENROL_TRIES)
      .where('address', '=', from)
      .returning(['uid', 'is_weak_password'])
      .executeTakeFirst();
    if (!pending || (await factorMethods(trx, pending.uid)).length > 0) throw enrolmentOver();
    const row = await trx
      .selectFrom('users')
      .select(['uid', 'ur_account', 'name', 'pass_flag'])
      .where('uid', '=', pending.uid)
      .executeTakeFirstOrThrow();
    const person = { uid: row.uid, username: row.ur_account, name: row.name };
    await keepPasskey(trx, audit, rp, person, input, tokenHash, now, [
      { field: 'at', old: null, new: 'sign_in' },
      { field: 'address', old: null, new: from },
    ]);
    return { user: row, weak: pending.is_weak_password };
  });
  return enrolledSignIn(db, user, weak, from, now, device);
}
