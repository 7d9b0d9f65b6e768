import { createHash } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, type JWTPayload, jwtVerify } from 'jose';
import { Code } from '../../../src/contract/codes.ts';
import { notify } from '../../core/bus.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { endUserSessions, forgetUserSessions } from './sessions.ts';
import { clientOf, type SsoSettings } from './single-sign-on.ts';
import type {} from './sso-tables.ts';

/**
 * OpenID Connect Back-Channel Logout 1.0 (issue 34, docs/decisions/single-sign-on.md): a person
 * signs out at their organisation, or the organisation signs them out (they left), and its
 * provider posts a logout token to `user/sso-backchannel-logout`. The token is checked as §2.6
 * says, with jose against the provider's published keys: signed (never `none`), by an issuer a
 * customer registered, for that customer's client, issued within the last 5 minutes, with the
 * logout event, a `sub` or `sid`, no `nonce`, and a `jti` not taken before. Then the portal
 * sessions end: for a `sid`, those begun with that session of the provider (whatever `sub` says
 * too); for a `sub` alone, every session of the person. The trail records it on the person's
 * chain; a token that names no one the portal knows ends nothing and is still taken.
 */

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** How old a logout token may be (its `iat`), and the clocks' leeway. */
const MAX_AGE_S = 300;
const LEEWAY_S = 30;
/** The signatures a provider's token may have (never `none`, never a shared secret). */
const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

/** The providers' key sets, per address (jose caches and refreshes each one on a new `kid`). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const keySetOf = (uri: string) => {
  let keys = keySets.get(uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(uri), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(uri, keys);
  }
  return keys;
};

const sha = (value: string) => createHash('sha256').update(value).digest('base64url');
const refusal = () => new ApiError(Code.wrongCredentials, 'This is not a good logout token');

/** The issuer's customer configuration the token is addressed to (its `iss` and one `aud`). */
async function addressedTo(db: DB, token: string) {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(token);
  } catch {
    throw refusal();
  }
  const audiences = (Array.isArray(claims.aud) ? claims.aud : [claims.aud]).filter(
    (a): a is string => typeof a === 'string',
  );
  if (typeof claims.iss !== 'string' || audiences.length === 0) throw refusal();
  const config = await db
    .selectFrom('sso_configs')
    .selectAll()
    .where('issuer', '=', claims.iss)
    .where('client_id', 'in', audiences)
    .orderBy('cu_id')
    .executeTakeFirst();
  if (!config) throw refusal();
  return config;
}

/** `user/sso-backchannel-logout` (see above). */
export async function backchannelLogout(
  db: DB,
  settings: SsoSettings,
  token: string,
  now: Date,
): Promise<void> {
  const config = await addressedTo(db, token);
  const jwksUri = (await clientOf(settings, config, now)).serverMetadata().jwks_uri;
  if (!jwksUri) throw new ApiError(Code.unavailable, 'The identity provider publishes no keys');
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, keySetOf(jwksUri), {
      issuer: config.issuer,
      audience: config.client_id,
      algorithms: ALGORITHMS,
      currentDate: now,
      clockTolerance: LEEWAY_S,
      maxTokenAge: MAX_AGE_S,
      requiredClaims: ['iat', 'jti', 'events'],
    }));
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ERR_JWKS_TIMEOUT')
      throw new ApiError(Code.unavailable, 'The identity provider’s keys could not be read');
    throw refusal();
  }
  const events = claims.events as Record<string, unknown> | null;
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
  const sid = typeof claims.sid === 'string' && claims.sid ? claims.sid : null;
  const isEvent = typeof events === 'object' && events !== null && typeof events[LOGOUT_EVENT] === 'object';
  if (!isEvent || 'nonce' in claims || (!sub && !sid) || typeof claims.jti !== 'string') throw refusal();
  const jti = claims.jti;

  const ended = await auditedTransaction(db, now, async (trx, audit) => {
    const taken = await trx
      .insertInto('sso_logout_tokens')
      .values({
        jti_hash: sha(`${config.issuer} ${jti}`),
        expires_at: new Date(now.getTime() + 2 * (MAX_AGE_S + LEEWAY_S) * 1000),
      })
      .onConflict((oc) => oc.column('jti_hash').doNothing())
      .returning('jti_hash')
      .executeTakeFirst();
    if (!taken) throw refusal();
    await trx.deleteFrom('sso_logout_tokens').where('expires_at', '<', now).execute();

    const people = new Map<number, number>();
    if (sid) {
      // the provider's session: the portal sessions begun with it, whatever else the token names
      const links = await trx
        .selectFrom('sso_session_links')
        .select('token_hash')
        .where('issuer', '=', config.issuer)
        .where('sid', '=', sid)
        .execute();
      if (links.length > 0) {
        const closed = await trx
          .updateTable('sessions')
          .set({ ended_at: now, end_reason: 'sso_logout' })
          .where(
            'token_hash',
            'in',
            links.map((l) => l.token_hash),
          )
          .where('ended_at', 'is', null)
          .returning('uid')
          .execute();
        for (const { uid } of closed) people.set(uid, (people.get(uid) ?? 0) + 1);
        // the other processes drop what they remember of these people's sessions
        for (const uid of people.keys()) await notify(trx, 'sessions', `u:${uid}`);
      }
    } else if (sub) {
      // the person: every portal session of theirs
      const identity = await trx
        .selectFrom('sso_identities')
        .select('uid')
        .where('issuer', '=', config.issuer)
        .where('subject', '=', sub)
        .executeTakeFirst();
      if (identity) {
        const live = await trx
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('uid', '=', identity.uid)
          .where('ended_at', 'is', null)
          .executeTakeFirstOrThrow();
        await endUserSessions(trx, identity.uid, 'sso_logout', now);
        people.set(identity.uid, Number(live.n));
      }
    }
    for (const [uid, n] of people)
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: uid,
        action: 'sso_logout',
        actor: { kind: 'system', id: null, name: 'single sign-on' },
        changes: [
          { field: 'issuer', old: null, new: config.issuer },
          { field: sid ? 'sid' : 'subject', old: null, new: sid ?? sub },
          { field: 'sessions_ended', old: null, new: n },
        ],
      });
    return [...people.keys()];
  });
  for (const uid of ended) forgetUserSessions(db, uid);
}
