import * as v from 'valibot';
import { PasskeyCredential } from '../../../src/contract/passkeys/schemas.ts';
import type { CheckSigner, SignerRequest } from '../../core/signer.ts';
import { addressKey } from '../../core/address-key.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { SecondFactorMethod } from '../../../src/contract/second-factor/schemas.ts';
import type { ServerMessage } from '../../core/messages.ts';
import { ApiError, invalidField } from '../../core/errors.ts';
import { sealKey, useSecondFactorCode } from '../accounts/second-factor.ts';
import { factorMethods, relyingParty, usePasskey } from '../accounts/passkeys.ts';
import { tooSoon } from '../accounts/login.ts';
import { countFailure, loginStanding } from '../accounts/login-guard.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import { recordSecurityEvent } from '../accounts/security-events.ts';
import { auditedTransaction, sessionActor } from '../audit/trail.ts';
import { takeSigningProof } from '../accounts/single-sign-on.ts';

/** Failed signatures of one user within this long count together towards an alert. */
export const ALERT_WINDOW_MS = 15 * 60_000;
/** The customer's administrators are told at this many failures within the window (and every as many after). */
export const ALERT_EVERY = 3;

/**
 * A signing call's credentials (Part 11 §11.200: the person again, whoever is signed in): the
 * session user's own password, typed for this signature. While the account is locked at this
 * address (too many failed sign-ins or signatures, accounts/login-guard.ts) it answers 407 and
 * checks nothing. A wrong password is counted towards that lock-out, recorded in the customer's
 * trail (the user's record, `signature_failed`), alerts the customer's administrators at every
 * ALERT_EVERY-th failure within ALERT_WINDOW_MS (§11.300: attempted misuse reported), and
 * answers 422 on `signature`. A person of single sign-on may instead bring `sso_proof`: a new
 * sign-in at their provider of the last 5 minutes, used once (accounts/single-sign-on.ts), the
 * signature's method `sso-reauth`.
 */
export const checkSigner: CheckSigner = async (request) => {
  const { db, session, signature, now } = request;
  if (!request.meanings.includes(signature.meaning))
    throw invalidField('signature.meaning', 'This signature cannot mean that here');
  const from = addressKey(request.address);
  const options = { perAddress: request.perAddress };
  const standing = await loginStanding(db, session.username, from, now, options);
  if (standing.wait > 0) throw tooSoon(standing.wait);
  const user = await db
    .selectFrom('users')
    .select(['uid', 'name', 'password_hash'])
    .where('uid', '=', session.uid)
    .executeTakeFirstOrThrow();
  // single sign-on: a re-authentication at the provider just now instead of the password
  if (signature.sso_proof) {
    if (await takeSigningProof(db, user.uid, signature.sso_proof, now))
      return { uid: user.uid, name: user.name, meaning: signature.meaning, method: 'sso-reauth' };
    const failures = await recordFailure(request, user.name, from, 'sso');
    if (failures % ALERT_EVERY === 0) await alertAdministrators(request, user.name, failures);
    throw invalidField(
      'signature.sso_proof',
      'The confirmation at your organisation has expired or was used: please confirm again',
    );
  }
  if (await verifyPassword(signature.password ?? '', user.password_hash)) {
    const methods = await factorMethods(db, user.uid);
    if (methods.length === 0)
      return { uid: user.uid, name: user.name, meaning: signature.meaning, method: 'password' };
    const person = { uid: user.uid, username: session.username, name: user.name };
    // §11.200's two components: the password and the second factor (docs/decisions/second-factor.md)
    if (signature.passkey && methods.includes('passkey')) {
      const parsed = v.safeParse(PasskeyCredential, signature.passkey);
      if (!parsed.success)
        throw invalidField('signature.passkey', 'The passkey was refused: nothing was signed');
      const credential = parsed.output;
      const rp = relyingParty(request.publicUrl);
      const held = await auditedTransaction(db, now, (trx, audit) =>
        usePasskey(trx, audit, rp, person, credential, 'signature', null, now),
      );
      if (held)
        return { uid: user.uid, name: user.name, meaning: signature.meaning, method: 'password+passkey' };
      const failures = await recordFailure(request, user.name, from, 'code');
      if (failures % ALERT_EVERY === 0) await alertAdministrators(request, user.name, failures);
      throw invalidField('signature.passkey', 'The passkey was refused: nothing was signed');
    }
    if (!signature.code?.trim() || !methods.includes('totp'))
      throw new ApiError(Code.secondFactorRequired, signingAsk(methods), { methods });
    const key = sealKey(request.secondFactorKey);
    const method = await auditedTransaction(db, now, (trx, audit) =>
      useSecondFactorCode(trx, audit, key, person, signature.code ?? '', now, 'signature'),
    );
    if (method === 'totp' || method === 'recovery')
      return { uid: user.uid, name: user.name, meaning: signature.meaning, method: `password+${method}` };
    const failures = await recordFailure(request, user.name, from, 'code');
    if (failures % ALERT_EVERY === 0) await alertAdministrators(request, user.name, failures);
    throw invalidField('signature.code', 'Wrong code: nothing was signed');
  }
  const failures = await recordFailure(request, user.name, from, 'password');
  if (failures % ALERT_EVERY === 0) await alertAdministrators(request, user.name, failures);
  throw invalidField('signature', 'Wrong password: nothing was signed');
};

/** What the 477 of a signature asks for, by the signer's methods (a code, a passkey, either). */
export function signingAsk(methods: readonly SecondFactorMethod[]): ServerMessage {
  if (!methods.includes('passkey')) return 'Enter the code of your authenticator app to sign';
  return methods.includes('totp')
    ? 'Confirm with your second factor to sign'
    : 'Confirm with your passkey to sign';
}

/** Counts and records a failed signature in one transaction; answers the user's failures in the window. */
function recordFailure(
  request: SignerRequest,
  name: string,
  from: string,
  step: 'password' | 'code' | 'sso',
): Promise<number> {
  const { db, session, now } = request;
  const cuId = session.cuId ?? 0;
  return auditedTransaction(db, now, async (trx, audit) => {
    const earlier = await trx
      .selectFrom('audit_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('cu_id', '=', cuId)
      .where('record_type', '=', 'user')
      .where('record_id', '=', String(session.uid))
      .where('action', '=', 'signature_failed')
      .where('at', '>', new Date(now.getTime() - ALERT_WINDOW_MS))
      .executeTakeFirstOrThrow();
    audit.record({
      cuId,
      recordType: 'user',
      recordId: session.uid,
      action: 'signature_failed',
      actor: sessionActor({ uid: session.uid, name }),
      changes: [
        { field: 'operation', old: null, new: request.opId },
        { field: 'meaning', old: null, new: request.signature.meaning },
        { field: 'address', old: null, new: from },
        ...(step === 'code' ? [{ field: 'step', old: null, new: 'second_factor' }] : []),
        ...(step === 'sso' ? [{ field: 'step', old: null, new: 'sso-reauth' }] : []),
      ],
    });
    await countFailure(trx, session.username, from, now, { perAddress: request.perAddress });
    return Number(earlier.n) + 1;
  });
}

/**
 * Tells the customer's administrators at once (their mobiles, through the server's SMS sender),
 * and leaves the security event and an entry in the customer's trail. A text that cannot be sent
 * is logged; the refusal of the signature stands either way.
 */
async function alertAdministrators(request: SignerRequest, name: string, failures: number): Promise<void> {
  const { db, session, now } = request;
  const cuId = session.cuId ?? 0;
  const admins = await db
    .selectFrom('user_customers as uc')
    .innerJoin('users as u', 'u.uid', 'uc.uid')
    .select(['u.uid', 'u.mobile'])
    .where('uc.cu_id', '=', cuId)
    .where('uc.is_admin', '=', true)
    .orderBy('u.uid')
    .execute();
  await auditedTransaction(db, now, async (trx, audit) => {
    await recordSecurityEvent(
      trx,
      {
        kind: 'signature-failures',
        subject: session.username,
        address: addressKey(request.address),
        failures,
      },
      now,
    );
    audit.record({
      cuId,
      recordType: 'user',
      recordId: session.uid,
      action: 'signature_alert',
      actor: { kind: 'system', id: null, name: 'signatures' },
      changes: [
        { field: 'failures', old: null, new: failures },
        { field: 'told', old: null, new: admins.map((a) => a.uid) },
      ],
    });
  });
  const customer = session.customer?.cu_name ?? '';
  const text =
    `【LP 物流】${customer}：用户 ${name}（${session.username}）在 15 分钟内 ${failures} 次电子签名密码错误。` +
    '如非本人操作，请检查该账号。';
  for (const admin of admins) {
    if (!admin.mobile) continue;
    await request.sms.send(admin.mobile, text).catch((error: unknown) => {
      console.error(
        '[signatures] the alert could not be sent:',
        error instanceof Error ? error.message : error,
      );
    });
  }
}
