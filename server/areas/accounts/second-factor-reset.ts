import type { PasskeyCredential } from '../../../src/contract/passkeys/schemas.ts';
import type {
  MemberFactorList,
  OwnFactorMethod,
} from '../../../src/contract/second-factor-policy/schemas.ts';
import { Code } from '../../../src/contract/codes.ts';
import { ApiError, invalidField } from '../../core/errors.ts';
import type { SmsSender } from '../../core/sms-sender.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { assertionOptions, factorMethods, relyingParty, usePasskey as takePasskey } from './passkeys.ts';
import {
  checkOwnPassword,
  hasSecondFactor,
  newRecoveryCode,
  type Person,
  RECOVERY_CODE_COUNT,
  recordFactorFailure,
  sealKey,
  storeRecoveryCodes,
  useSecondFactorCode as spendFactorCode,
} from './second-factor.ts';
import type { PolicyAdministrator } from './session-policy.ts';
import { endUserSessions, forgetUserSessions } from './sessions.ts';

/**
 * A lost second factor, and worn-out recovery codes (issue 34, docs/decisions/second-factor-policy.md).
 * A customer's administrator may reset the factor of a member of that customer (the one of the
 * administrator's session): with their own password, and their own factor when they have one (a
 * code of their authenticator, or an assertion of their passkey for the options of
 * `customer-account/member-factor-reset-options`, challenge purpose `factor_reset`), and a reason. The member's factor and recovery codes are deleted, their sessions and
 * pending sign-ins end, the trail records who, whom, why (on the member's record), and the member
 * is texted. Anyone who is no member of that customer is 404, as an unknown id is: the answer
 * says nothing of other customers' people.
 */

/** The text a member gets when their factor was reset (both languages, as the reset notice). */
export const RESET_TEXT =
  'Your LP portal two-step sign-in was reset by your customer administrator, and every session was signed out. If you did not ask for it, call customer service. 您的 LP 门户两步验证已由客户管理员重置，所有登录已退出。如非本人申请，请联系客服。';

/** The second factors an administrator confirms a reset with (none: the password alone). */
export async function ownMethods(db: DB, uid: number): Promise<OwnFactorMethod[]> {
  const methods = await factorMethods(db, uid);
  return methods.filter((m): m is OwnFactorMethod => m === 'totp' || m === 'passkey');
}

/**
 * The members of the administrator's customer, each with whether they have a factor (a confirmed
 * authenticator or a passkey), and the administrator's own factors.
 */
export async function memberFactors(db: DB, admin: PolicyAdministrator): Promise<MemberFactorList> {
  const rows = await db
    .selectFrom('user_customers as uc')
    .innerJoin('users as u', 'u.uid', 'uc.uid')
    .leftJoin('second_factors as f', (join) =>
      join.onRef('f.uid', '=', 'uc.uid').on('f.confirmed_at', 'is not', null),
    )
    .select((eb) => [
      'u.uid',
      'u.name',
      'u.ur_account',
      'f.uid as factor',
      eb.exists(eb.selectFrom('passkeys as k').select('k.id').whereRef('k.uid', '=', 'uc.uid')).as('passkey'),
    ])
    .where('uc.cu_id', '=', admin.cuId)
    .orderBy('u.name')
    .orderBy('u.uid')
    .execute();
  const own = await ownMethods(db, admin.uid);
  return {
    list: rows.map((r) => ({
      uid: r.uid,
      name: r.name,
      username: r.ur_account,
      enabled: r.factor !== null || Boolean(r.passkey),
    })),
    own_code_needed: own.includes('totp'),
    own_methods: own,
  };
}

/**
 * `customer-account/member-factor-reset-options`: request options for the administrator's own
 * passkey, its challenge for a reset only (`factor_reset`). 409 without a passkey.
 */
export function resetPasskeyOptions(
  db: DB,
  publicUrl: string,
  admin: PolicyAdministrator,
  now: Date,
): Promise<Record<string, unknown> & { challenge: string }> {
  return assertionOptions(db, relyingParty(publicUrl), admin.uid, 'factor_reset', null, now);
}

/** `customer-account/member-factor-reset` (see above). */
export async function resetMemberFactor(
  db: DB,
  keyOrNull: Buffer | null,
  sms: SmsSender,
  admin: PolicyAdministrator & { username: string },
  input: {
    uid: number;
    reason: string;
    password: string;
    code?: string | undefined;
    passkey?: PasskeyCredential | undefined;
  },
  now: Date,
  address: string,
  publicUrl: string,
): Promise<void> {
  const member = await db
    .selectFrom('user_customers as uc')
    .innerJoin('users as u', 'u.uid', 'uc.uid')
    .select(['u.uid', 'u.name', 'u.mobile'])
    .where('uc.cu_id', '=', admin.cuId)
    .where('uc.uid', '=', input.uid)
    .executeTakeFirst();
  if (!member) throw new ApiError(Code.notFound, 'There is no such member');
  if (member.uid === admin.uid)
    throw new ApiError(Code.conflict, 'Reset your own two-step sign-in in its own dialog');
  const self: Person = { uid: admin.uid, username: admin.username, name: admin.name };
  if (!(await checkOwnPassword(db, self, input.password))) {
    await auditedTransaction(db, now, async (_trx, audit) =>
      recordFactorFailure(audit, self, 'admin_reset', 'password', address),
    );
    throw invalidField('password', 'Wrong password');
  }
  // the administrator's own factor: a passkey when they bring one (and have one), else the code
  const own = await ownMethods(db, admin.uid);
  const ownCode = (input.code ?? '').trim();
  const passkey = input.passkey && own.includes('passkey') ? input.passkey : null;
  const rp = passkey ? relyingParty(publicUrl) : null;
  const key = !passkey && own.includes('totp') ? sealKey(keyOrNull) : null;
  if (!passkey && own.includes('totp') && !ownCode)
    throw invalidField('code', 'Enter a code of your own authenticator app');
  if (!passkey && !own.includes('totp') && own.includes('passkey'))
    throw invalidField('passkey', 'Confirm with your passkey');
  const outcome = await auditedTransaction(db, now, async (trx, audit) => {
    if (passkey && rp && !(await takePasskey(trx, audit, rp, self, passkey, 'factor_reset', null, now))) {
      recordFactorFailure(audit, self, 'admin_reset', 'passkey', address);
      return 'refused' as const;
    }
    if (key && !(await spendFactorCode(trx, audit, key, self, ownCode, now, 'admin_reset'))) {
      recordFactorFailure(audit, self, 'admin_reset', 'code', address);
      return 'wrong' as const;
    }
    const removed = await trx
      .deleteFrom('second_factors')
      .where('uid', '=', member.uid)
      .returning('confirmed_at')
      .executeTakeFirst();
    // and the member's passkeys (passkeys.ts): a lost factor is any of them
    const keys = await trx.deleteFrom('passkeys').where('uid', '=', member.uid).returning('id').execute();
    const totp = Boolean(removed?.confirmed_at);
    if (!totp && keys.length === 0) return 'none' as const;
    await trx.deleteFrom('recovery_codes').where('uid', '=', member.uid).execute();
    await trx.deleteFrom('pending_sign_ins').where('uid', '=', member.uid).execute();
    await endUserSessions(trx, member.uid, 'signed_out', now);
    audit.record({
      cuId: 0,
      recordType: 'user',
      recordId: member.uid,
      action: 'second_factor_reset',
      actor: { kind: 'user', id: admin.uid, name: admin.name },
      reason: input.reason.trim(),
      changes: [
        {
          field: 'second_factor',
          old: [totp ? 'totp' : '', keys.length ? `passkeys:${keys.length}` : ''].filter(Boolean).join('+'),
          new: null,
        },
        { field: 'customer', old: null, new: admin.cuId },
        { field: 'sessions', old: null, new: 'ended' },
      ],
    });
    return 'ok' as const;
  });
  if (outcome === 'wrong')
    throw invalidField('code', 'The code is not right: check the time of your phone and try again');
  if (outcome === 'refused') throw invalidField('passkey', 'The passkey was not accepted');
  if (outcome === 'none') throw new ApiError(Code.conflict, 'This member has no two-step sign-in');
  forgetUserSessions(db, member.uid);
  if (member.mobile) {
    // the reset stands whatever the carrier says: a failure is logged, not answered
    await sms.send(member.mobile, RESET_TEXT).catch((error: unknown) => {
      console.error(
        `[second-factor-reset] the notice was not sent: ${error instanceof Error ? error.message : error}`,
      );
    });
  }
}

/**
 * `user/recovery-codes-renew`: the password and a current code (the authenticator's, or a
 * recovery code, used up) make ten new recovery codes; the old ones stop working at once.
 * Recorded `recovery_codes_renewed` (with the method); a wrong part is recorded, 422 on its field.
 */
export async function renewRecoveryCodes(
  db: DB,
  keyOrNull: Buffer | null,
  person: Person,
  input: { password: string; code: string },
  now: Date,
  address: string,
): Promise<{ recovery_codes: string[] }> {
  const key = sealKey(keyOrNull);
  if (!(await checkOwnPassword(db, person, input.password))) {
    await auditedTransaction(db, now, async (_trx, audit) =>
      recordFactorFailure(audit, person, 'renew', 'password', address),
    );
    throw invalidField('password', 'Wrong password');
  }
  if (!(await hasSecondFactor(db, person.uid)))
    throw new ApiError(Code.conflict, 'Two-step sign-in is not on');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const renewed = await auditedTransaction(db, now, async (trx, audit) => {
    const method = await spendFactorCode(trx, audit, key, person, input.code, now, 'renew');
    if (!method) {
      recordFactorFailure(audit, person, 'renew', 'code', address);
      return false;
    }
    const old = await trx
      .deleteFrom('recovery_codes')
      .where('uid', '=', person.uid)
      .where('used_at', 'is', null)
      .returning('id')
      .execute();
    await storeRecoveryCodes(trx, person.uid, codes, now);
    audit.record({
      cuId: 0,
      recordType: 'user',
      recordId: person.uid,
      action: 'recovery_codes_renewed',
      actor: { kind: 'user', id: person.uid, name: person.name },
      changes: [
        { field: 'recovery_codes', old: old.length, new: RECOVERY_CODE_COUNT },
        { field: 'method', old: null, new: method },
      ],
    });
    return true;
  });
  if (!renewed)
    throw invalidField('code', 'The code is not right: check the time of your phone and try again');
  return { recovery_codes: codes };
}
