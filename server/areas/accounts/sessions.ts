import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import type { PassFlag } from '../../../src/contract/accounts/schemas.ts';
import type { Authenticate, SessionRecord } from '../../core/session.ts';
import type { DB } from '../../db/database.ts';
import { AuditBuffer, auditedTransaction } from '../audit/trail.ts';
import { appendEvents } from '../live/outbox.ts';
import { type DeviceSeen, rememberDevice } from './devices.ts';
import { notify } from '../../core/bus.ts';
import type { Bus } from '../../core/bus.ts';
import { ApiError } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import { hashToken, newToken } from './tokens.ts';
import { limitsOf, policyAggregates } from './session-policy.ts';

/**
 * A session ends after IDLE_MS without a call (the server's SESSION_IDLE_MINUTES, default 30 min:
 * config.ts; this is what `authenticate` uses when told none), and ABSOLUTE_MS after its person
 * signed in in any case (12 h; a customer switch keeps the sign-in's time). Each customer's
 * administrators may set both, and the sessions a person may hold at once (default 1), for their
 * people (session-policy.ts); a person gets the strictest of their customers'.
 */
export const IDLE_MS = 30 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session (keeps the hot path read-only). */
export const TOUCH_MS = 60 * 1000;

/**
 * Sessions read recently are answered from memory (docs/decisions/session-cache.md): the
 * five-table join is the whole cost of most calls. Each database handle (one per server process,
 * one per app instance in tests) has its own cache, attached with its bus at boot
 * (`attachSessionCache`); a handle without one does not cache. Every change made through this
 * module (login, switch, logout, password) is sent on the bus in the change's transaction, and
 * every process drops the user's entries when it hears it; this process drops them at once.
 * While the bus is down nothing is cached, and when it comes back everything is dropped
 * (messages may have been missed). CACHE_TTL_MS bounds what no message announces (a change
 * written straight into the database).
 */
export const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 10_000;
interface Cached {
  record: SessionRecord;
  /** When its person signed in: the absolute lifetime runs from here. */
  signedInAt: number;
  lastSeen: number;
  fetchedAt: number;
  /** The limits in force for its person when it was read (a policy change drops every entry). */
  idleMs: number;
  absoluteMs: number;
}

/** One database handle's remembered sessions, kept current by its bus. */
export class SessionCache {
  readonly #entries = new Map<string, Cached>();
  /** Bumped by every drop: a read that started before a drop is not remembered. */
  #generation = 0;
  readonly #stop: Array<() => void>;

  constructor(
    private readonly bus: Bus,
    readonly ttlMs = CACHE_TTL_MS,
  ) {
    this.#stop = [
      bus.on('sessions', (payload) => this.#heard(payload)),
      // Down: messages may be missed from now on; up again: some were. Either way, start afresh.
      bus.onState(() => this.clear()),
    ];
  }

  /** Caching happens only while the bus hears every change. */
  get enabled(): boolean {
    return this.bus.up;
  }

  get size(): number {
    return this.#entries.size;
  }

  get generation(): number {
    return this.#generation;
  }

  get(hash: string): Cached | undefined {
    return this.enabled ? this.#entries.get(hash) : undefined;
  }

  delete(hash: string): void {
    this.#entries.delete(hash);
  }

  /** Keeps an entry read while the generation was `since` (else a drop happened meanwhile). */
  remember(hash: string, entry: Cached, since: number): void {
    if (!this.enabled || since !== this.#generation) return;
    if (this.#entries.size >= CACHE_MAX) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(hash, entry);
  }

  forget(match: (record: SessionRecord) => boolean): void {
    this.#generation += 1;
    for (const [hash, entry] of this.#entries) if (match(entry.record)) this.#entries.delete(hash);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  detach(): void {
    for (const stop of this.#stop) stop();
    this.clear();
  }

  #heard(payload: string): void {
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 'u:') this.forget((r) => r.uid === Number(id));
    else if (kind === 's:') this.forget((r) => r.sessionId === id);
    // 'p:<cu_id>', a customer's session policy changed (its people's limits), and anything else
    else this.clear();
  }
}

const caches = new WeakMap<DB, SessionCache>();

/** Gives `db` a session cache kept current by `bus` (boot, test apps); answers it. */
export function attachSessionCache(db: DB, bus: Bus, ttlMs = CACHE_TTL_MS): SessionCache {
  caches.get(db)?.detach();
  const cache = new SessionCache(bus, ttlMs);
  caches.set(db, cache);
  return cache;
}

/** The session cache of `db`, if it has one. */
export const sessionCacheOf = (db: DB): SessionCache | undefined => caches.get(db);

/**
 * Why a session ended: 'replaced' (a newer login took its place, → 599), everything else → 598
 * ('signed_out': its person ended it from another session; 'policy': fewer sessions allowed now).
 */
export type EndReason =
  | 'replaced'
  | 'logout'
  | 'password'
  | 'switched'
  | 'expired'
  | 'signed_out'
  | 'policy'
  // the identity provider's back-channel logout (sso-logout.ts)
  | 'sso_logout'
  // the organisation ended the account (SCIM provisioning, scim.ts)
  | 'deprovisioned';

export const toPassFlag = (n: number): PassFlag => (n === 1 || n === 2 ? n : 0);

/**
 * The live session of a token, or an ApiError: 598 when the token is missing, unknown, ended or
 * expired; 599 when a newer login replaced it. One indexed query joins session, user, group and
 * customer, and the limits in force for the user (the strictest of their customers' policies,
 * `idleMs` as idle's default); last_seen_at is only written when it is older than TOUCH_MS.
 */
export const authenticate: Authenticate = async (db, token, now, idleMs = IDLE_MS) => {
  if (!token || token.length > 256) throw sessionExpired('Please log in');
  const hash = hashToken(token);
  const t = now.getTime();
  const cache = caches.get(db);
  const hit = cache?.get(hash);
  if (cache && hit) {
    const fresh = t >= hit.fetchedAt && t - hit.fetchedAt < cache.ttlMs;
    if (fresh && t - hit.lastSeen <= hit.idleMs && t - hit.signedInAt <= hit.absoluteMs) return hit.record;
    cache.delete(hash);
  }
  const generation = cache?.generation ?? 0;
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.uid', 's.uid')
    .innerJoin('user_groups as g', 'g.sg_id', 'u.sg_id')
    // The session's customer counts only while the user still holds it (access can be revoked).
    .leftJoin('user_customers as uc', (join) =>
      join.onRef('uc.uid', '=', 's.uid').onRef('uc.cu_id', '=', 's.cu_id'),
    )
    .leftJoin('customers as cu', 'cu.cu_id', 'uc.cu_id')
    .leftJoin('companies as co', 'co.co_id', 'cu.co_id')
    .select([
      's.id',
      's.uid',
      'uc.cu_id as member_cu_id',
      'uc.is_admin',
      's.created_at',
      's.signed_in_at',
      's.last_seen_at',
      's.ended_at',
      's.end_reason',
      'u.ur_account',
      'u.name',
      'u.avatar',
      'u.introduction',
      'u.city',
      'u.mobile',
      'u.sg_id',
      'u.pass_flag',
      'u.is_weak_password',
      'g.name as group_name',
      'g.role_label',
      'cu.cu_name',
      'cu.identifier',
      'cu.co_id',
      'cu.is_white',
      'co.co_name',
      policyAggregates('s.uid').as('policy'),
    ])
    .where('s.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) throw sessionExpired('Your session is not valid, please log in again');
  if (row.ended_at) {
    if (row.end_reason === 'replaced') {
      throw new ApiError(Code.loggedInElsewhere, 'Your account has been logged in elsewhere');
    }
    throw sessionExpired('Your session has ended, please log in again');
  }
  let lastSeen = new Date(row.last_seen_at).getTime();
  const signedInAt = new Date(row.signed_in_at ?? row.created_at).getTime();
  const limits = limitsOf(row.policy, idleMs);
  if (t - lastSeen > limits.idleMs || t - signedInAt > limits.absoluteMs) {
    await endSession(db, String(row.id), 'expired', now);
    throw sessionExpired('Your session has expired, please log in again');
  }
  if (t - lastSeen > TOUCH_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', String(row.id))
      .where('ended_at', 'is', null)
      .execute();
    lastSeen = t;
  }
  const customer =
    row.member_cu_id !== null && row.cu_name !== null && row.identifier !== null && row.co_id !== null
      ? {
          cu_id: row.member_cu_id,
          cu_name: row.cu_name,
          identifier: row.identifier,
          co_id: row.co_id,
          co_name: row.co_name ?? '',
        }
      : null;
  const record: SessionRecord = {
    sessionId: String(row.id),
    uid: row.uid,
    username: row.ur_account,
    sgId: row.sg_id,
    cuId: customer?.cu_id ?? null,
    passFlag: toPassFlag(row.pass_flag),
    name: row.name,
    avatar: row.avatar,
    introduction: row.introduction,
    city: row.city,
    mobile: row.mobile,
    isWeakPassword: row.is_weak_password,
    roleLabel: row.role_label,
    groupName: row.group_name,
    customer,
    isWhiteCustomer: row.is_white === true,
    isAdmin: customer !== null && row.is_admin === true,
    idleMs: limits.idleMs,
  };
  const entry = { record, signedInAt, lastSeen, fetchedAt: t, ...limits };
  cache?.remember(hash, entry, generation);
  return record;
};

const sessionExpired = (message: ServerMessage) => new ApiError(Code.sessionExpired, message);

/**
 * Starts a session for `uid` on customer `cuId`. A sign-in ('replaced') ends the user's oldest
 * live sessions (by sign-in) beyond the number their policy allows (one by default: every other
 * one), which answer 599; a switch of customer (`from`: the session that switches, 'switched')
 * ends that session only, and the new one keeps its sign-in's time, device and address (so a
 * switch never extends the absolute lifetime). Runs in one transaction that locks the user row,
 * so two logins cannot both outnumber the limit. A sign-in
 * names its `device` (devices.ts): remembered for the user, and when it is new to a user who has
 * signed in from others before, recorded (`new_device`) and told to the user on the customer
 * signed in to (an event only the user hears, which the notifier makes a `new_device_sign_in`
 * notice of: notifications/recipients.ts). A user without a customer has no bell to tell.
 */
export async function startSession(
  db: DB,
  uid: number,
  cuId: number | null,
  now: Date,
  previousReason: EndReason = 'replaced',
  device: DeviceSeen | null = null,
  from: string | null = null,
): Promise<string> {
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    const audit = new AuditBuffer();
    const user = await trx
      .selectFrom('users as u')
      .select(['u.uid', 'u.name', policyAggregates('u.uid').as('policy')])
      .where('u.uid', '=', uid)
      .forUpdate()
      .executeTakeFirstOrThrow();
    let origin = {
      signed_in_at: now as Date | string,
      agent: device?.agent ?? '',
      address: device?.address ?? '',
    };
    if (from !== null) {
      const switched = await trx
        .updateTable('sessions')
        .set({ ended_at: now, end_reason: previousReason })
        .where('id', '=', from)
        .where('uid', '=', uid)
        .where('ended_at', 'is', null)
        .returning(['created_at', 'signed_in_at', 'agent', 'address'])
        .executeTakeFirst();
      if (switched)
        origin = {
          signed_in_at: switched.signed_in_at ?? switched.created_at,
          agent: switched.agent,
          address: switched.address,
        };
    } else {
      // keep the (max − 1) newest sign-ins, end the older ones: the new one makes max
      const keep = limitsOf(user.policy, IDLE_MS).maxSessions - 1;
      const live = await trx
        .selectFrom('sessions')
        .select('id')
        .where('uid', '=', uid)
        .where('ended_at', 'is', null)
        .orderBy(sql`coalesce(signed_in_at, created_at)`, 'desc')
        .orderBy('id', 'desc')
        .execute();
      const surplus = live.slice(Math.max(keep, 0)).map((s) => s.id);
      if (surplus.length > 0)
        await trx
          .updateTable('sessions')
          .set({ ended_at: now, end_reason: previousReason })
          .where('id', 'in', surplus)
          .execute();
    }
    await trx
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        uid,
        cu_id: cuId,
        created_at: now,
        last_seen_at: now,
        ...origin,
      })
      .execute();
    await notify(trx, 'sessions', `u:${uid}`);
    const actor = { kind: 'user', id: uid, name: user.name } as const;
    // a sign-in (or a switch of customer) is the user's, not a customer's record: chain 0
    audit.record({
      cuId: 0,
      recordType: 'user',
      recordId: uid,
      action: previousReason === 'switched' ? 'switch_customer' : 'sign_in',
      actor,
      changes: [{ field: 'customer', old: null, new: cuId }],
    });
    const seen = device ? await rememberDevice(trx, uid, device, now) : null;
    if (device && seen?.standing === 'new')
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: uid,
        action: 'new_device',
        actor,
        changes: [
          { field: 'device', old: null, new: device.agent },
          { field: 'address', old: null, new: device.address },
        ],
      });
    await audit.flush(trx, now);
    // after the chains' tips, as every write's events (docs/decisions/lock-order.md, rule 4)
    if (seen?.standing === 'new' && cuId !== null)
      await appendEvents(
        trx,
        [{ cuId, kind: 'device', action: 'new', recordId: seen.id, audience: uid, actor }],
        now,
      );
  });
  forgetUserSessions(db, uid);
  return token;
}

/** Ends one session (logout, expiry), and records it (the user's chain, 0) when it was still live. */
export async function endSession(db: DB, sessionId: string, reason: EndReason, now: Date): Promise<void> {
  await auditedTransaction(db, now, async (trx, audit) => {
    const ended = await trx
      .updateTable('sessions')
      .set({ ended_at: now, end_reason: reason })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .returning(['uid', 'cu_id'])
      .executeTakeFirst();
    if (!ended) return;
    const user = await trx.selectFrom('users').select('name').where('uid', '=', ended.uid).executeTakeFirst();
    audit.record({
      cuId: 0,
      recordType: 'user',
      recordId: ended.uid,
      action: reason === 'logout' ? 'sign_out' : 'session_end',
      actor: { kind: 'user', id: ended.uid, name: user?.name ?? '' },
      reason: reason === 'logout' ? null : reason,
      changes: [{ field: 'customer', old: ended.cu_id, new: null }],
    });
  });
  await notify(db, 'sessions', `s:${sessionId}`);
  caches.get(db)?.forget((r) => r.sessionId === sessionId);
}

/**
 * Ends every live session of a user (password change); every process hears it when the change
 * commits. When `db` is a transaction, call forgetUserSessions(db of the transaction, uid) after
 * it commits (this process's reads may have remembered the sessions meanwhile).
 */
export async function endUserSessions(db: DB, uid: number, reason: EndReason, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('uid', '=', uid)
    .where('ended_at', 'is', null)
    .execute();
  await notify(db, 'sessions', `u:${uid}`);
  forgetUserSessions(db, uid);
}

/**
 * Drops this process's remembered sessions of a user at once (after a change to the user or
 * their sessions has committed; other processes drop them when they hear the change).
 */
export function forgetUserSessions(db: DB, uid: number): void {
  caches.get(db)?.forget((r) => r.uid === uid);
}
