import { Code } from '../../../src/contract/codes.ts';
import type { DB } from '../../db/database.ts';
import { ApiError, invalidField } from '../../core/errors.ts';
import { isCommonPassword } from './common-passwords.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { endUserSessions, forgetUserSessions } from './sessions.ts';

/** 422 for a new password that meets the policy but is a common one (common-passwords.ts). */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password))
    throw invalidField(field, 'This password is too common; please choose another');
}

/**
 * Stores a new password for a user (scrypt at production cost), clears pass_flag and the weak
 * flag, and ends every session of the user (end_reason 'password', → 598). `before` runs in the
 * same transaction first (e.g. using up an SMS code) and may throw to abort everything. `action`
 * names the audit entry (`password_reset` for a forgotten password's reset).
 */
export async function setPassword(
  db: DB,
  uid: number,
  password: string,
  now: Date,
  before?: (trx: DB) => Promise<void>,
  action: 'password_change' | 'password_reset' = 'password_change',
): Promise<void> {
  const password_hash = await hashPassword(password);
  await auditedTransaction(db, now, async (trx, audit) => {
    if (before) await before(trx);
    const user = await trx
      .updateTable('users')
      .set({ password_hash, pass_flag: 0, is_weak_password: false, password_changed_at: now })
      .where('uid', '=', uid)
      .returning('name')
      .executeTakeFirst();
    await endUserSessions(trx, uid, 'password', now);
    // the fact and the time, never the password or its hash
    audit.record({
      cuId: 0,
      recordType: 'user',
      recordId: uid,
      action,
      actor: { kind: 'user', id: uid, name: user?.name ?? '' },
    });
  });
  forgetUserSessions(db, uid);
}

/**
 * `user/update-pass-word` for the signed-in user: the old password must be right (406), the new
 * one different from it and not a common one (422); then setPassword ends every session.
 */
export async function changeOwnPassword(
  db: DB,
  uid: number,
  input: { old_password: string; new_password1: string },
  now: Date,
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.old_password, user.password_hash))) {
    throw new ApiError(Code.wrongCredentials, 'The old password is wrong');
  }
  if (input.new_password1 === input.old_password) {
    throw invalidField('new_password1', 'The new password must differ from the old one');
  }
  await refuseCommonPassword(input.new_password1, 'new_password1');
  await setPassword(db, uid, input.new_password1, now);
}
