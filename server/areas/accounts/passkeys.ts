import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { Code } from '../../../src/contract/codes.ts';
import {
  PASSKEYS_MAX,
  type PasskeyCredential,
  type PasskeyItem,
} from '../../../src/contract/passkeys/schemas.ts';
import type { SecondFactorMethod } from '../../../src/contract/second-factor/schemas.ts';
import { ApiError, invalidField, notFound } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import type { AuditBuffer } from '../audit/trail.ts';
import { auditedTransaction } from '../audit/trail.ts';
import type { ChallengePurpose } from './passkey-tables.ts';
import { checkOwnPassword, hasSecondFactor, type Person, recordFactorFailure } from './second-factor.ts';
import { hashToken } from './tokens.ts';

/**
 * Passkeys (WebAuthn through `@simplewebauthn/server`; docs/decisions/passkeys.md), a second
 * factor beside the TOTP authenticator. The relying party is the portal's own address
 * (`PUBLIC_URL`): its host is the RP ID and its origin the only one taken; a loopback IP address
 * (development) stands for `localhost`, which browsers take, and any other IP address has no
 * passkeys. Every challenge is the server's, single use, 5 minutes, bound to the person and to
 * what it is for (adding a key, one pending sign-in, a signature, an administrator's reset of a
 * member's factor). Algorithms: EdDSA, ES256, RS256.
 */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const ALGORITHMS = [-8, -7, -257];
const RP_NAME = 'LP Portal';

export interface RelyingParty {
  id: string;
  origin: string;
}

/** The relying party of `publicUrl`, or 409 where passkeys cannot work (an IP address). */
export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  const host = url.hostname;
  const loopback = /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
  if (loopback)
    return { id: 'localhost', origin: `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}` };
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('['))
    throw new ApiError(
      Code.conflict,
      'Passkeys need the portal’s address by name (PUBLIC_URL), not an IP address',
    );
  return { id: host, origin: url.origin };
}

/** The second factors a person signs in and signs with: the authenticator's, and passkeys. */
export async function factorMethods(db: DB, uid: number): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = (await hasSecondFactor(db, uid)) ? ['totp', 'recovery'] : [];
  const key = await db.selectFrom('passkeys').select('id').where('uid', '=', uid).executeTakeFirst();
  if (key) methods.push('passkey');
  return methods;
}

const itemOf = (row: {
  id: number;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  backed_up: boolean;
}): PasskeyItem => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  backed_up: row.backed_up,
});

/** `user/passkeys`: the person's keys, oldest first. */
export async function listPasskeys(db: DB, uid: number): Promise<{ passkeys: PasskeyItem[]; max: number }> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'backed_up'])
    .where('uid', '=', uid)
    .orderBy('id')
    .execute();
  return { passkeys: rows.map(itemOf), max: PASSKEYS_MAX };
}

async function keepChallenge(
  db: DB,
  uid: number,
  challenge: string,
  purpose: ChallengePurpose,
  pendingHash: string | null,
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('passkey_challenges')
    .where('expires_at', '<', new Date(now.getTime() - CHALLENGE_TTL_MS))
    .execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: hashToken(challenge),
      uid,
      purpose,
      pending_hash: pendingHash,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
      used_at: null,
      created_at: now,
    })
    .execute();
}

/** The challenge the browser signed (its clientDataJSON's), or '' when it names none. */
function challengeOf(credential: PasskeyCredential): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(credential.response.clientDataJSON)) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : '';
  } catch {
    return '';
  }
}

/**
 * Takes the challenge `credential` answers (used once, atomically: two answers side by side cannot
 * both take it), if it is the person's, of `purpose` and (a sign-in) of that pending sign-in.
 */
async function takeChallenge(
  trx: DB,
  uid: number,
  credential: PasskeyCredential,
  purpose: ChallengePurpose,
  pendingHash: string | null,
  now: Date,
): Promise<string | null> {
  const challenge = challengeOf(credential);
  if (!challenge) return null;
  let query = trx
    .updateTable('passkey_challenges')
    .set({ used_at: now })
    .where('challenge_hash', '=', hashToken(challenge))
    .where('uid', '=', uid)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  query = pendingHash
    ? query.where('pending_hash', '=', pendingHash)
    : query.where('pending_hash', 'is', null);
  const row = await query.returning('challenge_hash').executeTakeFirst();
  return row ? challenge : null;
}

/**
 * `user/passkey-register-options`: the password again (a wrong one recorded), then creation
 * options: the person's keys excluded, a discoverable key preferred, attestation none.
 */
export async function registerOptions(
  db: DB,
  rp: RelyingParty,
  person: Person,
  password: string,
  now: Date,
  address: string,
): Promise<Record<string, unknown> & { challenge: string }> {
  if (!(await checkOwnPassword(db, person, password))) {
    await auditedTransaction(db, now, async (_trx, audit) =>
      recordFactorFailure(audit, person, 'enrol', 'password', address),
    );
    throw invalidField('password', 'Wrong password');
  }
  return creationOptions(db, rp, person, null, now);
}

/**
 * Creation options for a new key of `person` (the keys they have excluded, 409 at 10), their
 * challenge kept for `register`, bound to the person and, at a sign-in's enrolment under the
 * policy, to that pending sign-in (`pendingHash`). Shared by the account menu and the enrolment.
 */
export async function creationOptions(
  db: DB,
  rp: RelyingParty,
  person: Person,
  pendingHash: string | null,
  now: Date,
): Promise<Record<string, unknown> & { challenge: string }> {
  const keys = await db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('uid', '=', person.uid)
    .execute();
  if (keys.length >= PASSKEYS_MAX)
    throw new ApiError(Code.conflict, 'You have {max} passkeys already: remove one first', {
      params: { max: PASSKEYS_MAX },
    });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: person.username,
    userDisplayName: person.name,
    userID: new TextEncoder().encode(`lp-user-${person.uid}`),
    attestationType: 'none',
    excludeCredentials: keys.map((k) => ({ id: k.credential_id, transports: transportsOf(k.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(db, person.uid, options.challenge, 'register', pendingHash, now);
  return options as unknown as Record<string, unknown> & { challenge: string };
}

type Transport = NonNullable<RegistrationResponseJSON['response']['transports']>[number];
const TRANSPORTS = new Set<string>(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const transportsOf = (text: string): Transport[] =>
  text.split(',').filter((t): t is Transport => TRANSPORTS.has(t));

/**
 * `user/passkey-register`: checks the browser's answer against the challenge it took (the RP ID,
 * the origin, the algorithm) and keeps the key, recorded in the person's trail.
 */
export function register(
  db: DB,
  rp: RelyingParty,
  person: Person,
  input: { name: string; credential: PasskeyCredential },
  now: Date,
): Promise<PasskeyItem> {
  return auditedTransaction(db, now, (trx, audit) => keepPasskey(trx, audit, rp, person, input, null, now));
}

/**
 * Inside the caller's transaction: takes the `register` challenge the answer names (the person's
 * and of `pendingHash`'s pending sign-in, or of none), checks the answer against it (the RP ID,
 * the origin, the algorithm), and keeps the key, recorded `passkey_added` (with `extra` changes).
 * A refusal throws, so the caller's transaction keeps nothing. Shared by `user/passkey-register`
 * and the enrolment at sign-in under the policy (login-enrol-passkey.ts).
 */
export async function keepPasskey(
  trx: DB,
  audit: AuditBuffer,
  rp: RelyingParty,
  person: Person,
  input: { name: string; credential: PasskeyCredential },
  pendingHash: string | null,
  now: Date,
  extra: { field: string; old: null; new: string }[] = [],
): Promise<PasskeyItem> {
  const challenge = await takeChallenge(trx, person.uid, input.credential, 'register', pendingHash, now);
  if (!challenge)
    throw invalidField(
      'credential',
      'Begin adding the passkey again: the last request has expired or was used',
    );
  const count = await trx
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('uid', '=', person.uid)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= PASSKEYS_MAX)
    throw new ApiError(Code.conflict, 'You have {max} passkeys already: remove one first', {
      params: { max: PASSKEYS_MAX },
    });
  const verified = await verifyRegistrationResponse({
    response: input.credential as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => null);
  const info = verified?.verified ? verified.registrationInfo : undefined;
  if (!info) throw invalidField('credential', 'The passkey could not be checked: nothing was added');
  const taken = await trx
    .selectFrom('passkeys')
    .select('id')
    .where('credential_id', '=', info.credential.id)
    .executeTakeFirst();
  if (taken) throw new ApiError(Code.conflict, 'This passkey is added already');
  const row = await trx
    .insertInto('passkeys')
    .values({
      uid: person.uid,
      credential_id: info.credential.id,
      public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: String(info.credential.counter),
      transports: (input.credential.response.transports ?? []).filter((t) => TRANSPORTS.has(t)).join(','),
      name: input.name,
      backed_up: info.credentialBackedUp,
      created_at: now,
      last_used_at: null,
    })
    .returning(['id', 'name', 'created_at', 'last_used_at', 'backed_up'])
    .executeTakeFirstOrThrow();
  audit.record({
    cuId: 0,
    recordType: 'user',
    recordId: person.uid,
    action: 'passkey_added',
    actor: { kind: 'user', id: person.uid, name: person.name },
    changes: [
      { field: 'passkey', old: null, new: row.id },
      { field: 'name', old: null, new: input.name },
      { field: 'backed_up', old: null, new: info.credentialBackedUp },
      ...extra,
    ],
  });
  return itemOf(row);
}

/** `user/passkey-remove`: the password again; 404 for a key that is not the person's. */
export async function removePasskey(
  db: DB,
  person: Person,
  input: { id: number; password: string },
  now: Date,
  address: string,
): Promise<void> {
  if (!(await checkOwnPassword(db, person, input.password))) {
    await auditedTransaction(db, now, async (_trx, audit) =>
      recordFactorFailure(audit, person, 'remove', 'password', address),
    );
    throw invalidField('password', 'Wrong password');
  }
  await auditedTransaction(db, now, async (trx, audit) => {
    const row = await trx
      .deleteFrom('passkeys')
      .where('id', '=', input.id)
      .where('uid', '=', person.uid)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!row) throw notFound('No such passkey');
    audit.record({
      cuId: 0,
      recordType: 'user',
      recordId: person.uid,
      action: 'passkey_removed',
      actor: { kind: 'user', id: person.uid, name: person.name },
      changes: [
        { field: 'passkey', old: row.id, new: null },
        { field: 'name', old: row.name, new: null },
      ],
    });
  });
}

/**
 * Request options for one of the person's keys: for a pending sign-in (`pendingHash`) or a
 * signature. 409 when the person has no key.
 */
export async function assertionOptions(
  db: DB,
  rp: RelyingParty,
  uid: number,
  purpose: Exclude<ChallengePurpose, 'register'>,
  pendingHash: string | null,
  now: Date,
): Promise<Record<string, unknown> & { challenge: string }> {
  const keys = await db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('uid', '=', uid)
    .orderBy('id')
    .execute();
  if (keys.length === 0) throw new ApiError(Code.conflict, 'You have no passkey');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((k) => ({ id: k.credential_id, transports: transportsOf(k.transports) })),
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(db, uid, options.challenge, purpose, pendingHash, now);
  return options as unknown as Record<string, unknown> & { challenge: string };
}

/**
 * Checks an assertion inside `trx`: its challenge taken (the person's, of this purpose and pending
 * sign-in), the key the person's (its row locked), the signature, the RP ID and origin, and the
 * counter gone forward (a counter that does not is a cloned key: refused and recorded). The key's
 * counter and last use are kept. Answers whether it holds.
 */
export async function usePasskey(
  trx: DB,
  audit: AuditBuffer,
  rp: RelyingParty,
  person: Person,
  credential: PasskeyCredential,
  purpose: Exclude<ChallengePurpose, 'register'>,
  pendingHash: string | null,
  now: Date,
): Promise<boolean> {
  const challenge = await takeChallenge(trx, person.uid, credential, purpose, pendingHash, now);
  if (!challenge) return false;
  const key = await trx
    .selectFrom('passkeys')
    .select(['id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('uid', '=', person.uid)
    .where('credential_id', '=', credential.id)
    .forUpdate()
    .executeTakeFirst();
  if (!key) return false;
  const stored = Number(key.counter);
  let error = '';
  const verified = await verifyAuthenticationResponse({
    response: credential as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
    credential: {
      id: key.credential_id,
      publicKey: isoBase64URL.toBuffer(key.public_key),
      counter: stored,
      transports: transportsOf(key.transports),
    },
  }).catch((e: unknown) => {
    error = e instanceof Error ? e.message : '';
    return null;
  });
  if (!verified?.verified) {
    if (/counter/i.test(error))
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: person.uid,
        action: 'passkey_cloned',
        actor: { kind: 'system', id: null, name: 'passkeys' },
        changes: [
          { field: 'passkey', old: null, new: key.id },
          { field: 'counter', old: stored, new: null },
        ],
      });
    return false;
  }
  await trx
    .updateTable('passkeys')
    .set({ counter: String(verified.authenticationInfo.newCounter), last_used_at: now })
    .where('id', '=', key.id)
    .execute();
  return true;
}
