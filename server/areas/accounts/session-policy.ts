import { sql } from 'kysely';
import type { SessionPolicy, SessionPolicyUpdate } from '../../../src/contract/accounts/sessions.ts';
import { notify } from '../../core/bus.ts';
import type { DB } from '../../db/database.ts';
import type { AuditChange } from '../audit/tables.ts';
import { auditedTransaction, sessionActor } from '../audit/trail.ts';
import type {} from './second-factor-policy-tables.ts';

/**
 * A customer's session policy (issue 34, docs/decisions/sessions.md): how long its people's
 * sessions live without a call (idle) and at most (absolute, from the sign-in), and how many each
 * person may hold at once. Set by the customer's administrators; a customer without one has the
 * defaults. A person in several customers gets, of each limit, the strictest of theirs (a
 * customer left at the defaults counts with the defaults). Enforced on every call by
 * `authenticate` (sessions.ts), the number at each sign-in and at each change of the policy.
 */

/** Absolute lifetime by default: 12 h (a stolen token lives half a day at most, not a week). */
export const ABSOLUTE_DEFAULT_MINUTES = 12 * 60;
/** Sessions per person by default: one (spec §8: a second sign-in ends the first with 599). */
export const MAX_SESSIONS_DEFAULT = 1;

/** The limits in force for one person: each the strictest of their customers'. */
export interface Limits {
  idleMs: number;
  absoluteMs: number;
  maxSessions: number;
}

const MINUTE = 60_000;

/** The row of aggregates `limitsOf` turns into limits (`policyOf` in sessions.ts selects the same). */
export interface PolicyAggregates {
  idle_minutes: number | null;
  absolute_minutes: number | null;
  max_sessions: number | null;
  /** Whether one of the person's customers (or their having none) leaves a limit at its default. */
  defaults: boolean | null;
}

/** The aggregates over a person's customers, as a select of `uid` (a correlated subquery's body). */
export const policyAggregates = (uidColumn: string) => sql<PolicyAggregates>`(
  select json_build_object(
    'idle_minutes', min(p.idle_minutes),
    'absolute_minutes', min(p.absolute_minutes),
    'max_sessions', min(p.max_sessions),
    'defaults', coalesce(bool_or(p.cu_id is null), true)
  )
  from user_customers pc left join session_policies p on p.cu_id = pc.cu_id
  where pc.uid = ${sql.ref(uidColumn)}
)`;

/** The limits of the aggregates, with the server's idle time (`SESSION_IDLE_MINUTES`) as idle's default. */
export function limitsOf(row: PolicyAggregates | null, defaultIdleMs: number): Limits {
  const defaults = row?.defaults !== false;
  const strictest = (set: number | null | undefined, fallback: number) =>
    Math.min(set ?? Number.POSITIVE_INFINITY, defaults ? fallback : Number.POSITIVE_INFINITY);
  return {
    idleMs: strictest(row?.idle_minutes == null ? null : row.idle_minutes * MINUTE, defaultIdleMs),
    absoluteMs: strictest(
      row?.absolute_minutes == null ? null : row.absolute_minutes * MINUTE,
      ABSOLUTE_DEFAULT_MINUTES * MINUTE,
    ),
    maxSessions: strictest(row?.max_sessions ?? null, MAX_SESSIONS_DEFAULT),
  };
}

/** The limits in force for `uid` now. */
export async function limitsFor(db: DB, uid: number, defaultIdleMs: number): Promise<Limits> {
  const row = await db
    .selectFrom('users as u')
    .select(policyAggregates('u.uid').as('policy'))
    .where('u.uid', '=', uid)
    .executeTakeFirst();
  return limitsOf(row?.policy ?? null, defaultIdleMs);
}

/** A customer's policy as its administrators read it (the defaults when none is set). */
export async function readPolicy(db: DB, cuId: number, defaultIdleMs: number): Promise<SessionPolicy> {
  const row = await db
    .selectFrom('session_policies as p')
    .leftJoin('users as u', 'u.uid', 'p.updated_by')
    .select([
      'p.idle_minutes',
      'p.absolute_minutes',
      'p.max_sessions',
      'p.second_factor_required',
      'p.updated_at',
      'u.name',
    ])
    .where('p.cu_id', '=', cuId)
    .executeTakeFirst();
  if (!row)
    return {
      idle_minutes: Math.round(defaultIdleMs / MINUTE),
      absolute_minutes: ABSOLUTE_DEFAULT_MINUTES,
      max_sessions: MAX_SESSIONS_DEFAULT,
      second_factor_required: false,
      updated_at: null,
      updated_by: '',
    };
  return {
    idle_minutes: row.idle_minutes,
    absolute_minutes: row.absolute_minutes,
    max_sessions: row.max_sessions,
    second_factor_required: row.second_factor_required,
    updated_at: new Date(row.updated_at).toISOString(),
    updated_by: row.name ?? '',
  };
}

/** Who saves: an administrator signed in to the customer they administer. */
export interface PolicyAdministrator {
  uid: number;
  name: string;
  cuId: number;
}

const FIELDS = ['idle_minutes', 'absolute_minutes', 'max_sessions', 'second_factor_required'] as const;

/**
 * Saves the customer's policy: one audit entry `update` of record `session_policy` (the
 * customer's chain) with each changed limit, old and new, in the change's transaction; nothing
 * when nothing changes. Where fewer sessions are now allowed, each member's oldest sessions (by
 * sign-in) beyond their new number end at once ('policy', 598 at their next call), each an entry
 * `session_end` on its person's chain. The change reaches every live session at its next call:
 * the session caches are dropped (a message on the bus, in the transaction).
 */
export async function savePolicy(
  db: DB,
  admin: PolicyAdministrator,
  input: SessionPolicyUpdate,
  now: Date,
  defaultIdleMs: number,
): Promise<{ changed: boolean }> {
  return auditedTransaction(db, now, async (trx, audit) => {
    // one customer's policy is changed one save after another (old values read under the lock)
    await sql`select pg_advisory_xact_lock(hashtext('session-policy'), ${admin.cuId})`.execute(trx);
    const before = await readPolicy(trx, admin.cuId, defaultIdleMs);
    // the second-factor requirement left out of a save stays as it is (second-factor-policy.ts)
    const wanted = {
      ...input,
      second_factor_required: input.second_factor_required ?? before.second_factor_required,
    };
    const changes: AuditChange[] = FIELDS.filter((f) => before[f] !== wanted[f]).map((field) => ({
      field,
      old: before[field],
      new: wanted[field],
    }));
    if (changes.length === 0) return { changed: false };
    const values = { ...wanted, updated_at: now, updated_by: admin.uid };
    await trx
      .insertInto('session_policies')
      .values({ cu_id: admin.cuId, ...values })
      .onConflict((oc) => oc.column('cu_id').doUpdateSet(values))
      .execute();
    const actor = sessionActor(admin);
    audit.record({
      cuId: admin.cuId,
      recordType: 'session_policy',
      recordId: admin.cuId,
      action: 'update',
      actor,
      changes,
    });
    const ended = await endSurplusSessions(trx, admin.cuId, now);
    for (const { uid, cu_id } of ended)
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: uid,
        action: 'session_end',
        actor,
        reason: 'policy',
        changes: [{ field: 'customer', old: cu_id, new: null }],
      });
    await notify(trx, 'sessions', `p:${admin.cuId}`);
    return { changed: true };
  });
}

/** Ends the customer's members' live sessions beyond the number each may now hold (oldest sign-ins first). */
async function endSurplusSessions(trx: DB, cuId: number, now: Date) {
  const { rows } = await sql<{ uid: number; cu_id: number | null }>`
    with limits as (
      select m.uid, min(coalesce(p.max_sessions, ${MAX_SESSIONS_DEFAULT})) as max_sessions
      from user_customers m
      join user_customers uc on uc.uid = m.uid
      left join session_policies p on p.cu_id = uc.cu_id
      where m.cu_id = ${cuId}
      group by m.uid
    ),
    ranked as (
      select s.id, s.uid,
        row_number() over (
          partition by s.uid order by coalesce(s.signed_in_at, s.created_at) desc, s.id desc
        ) as place
      from sessions s join limits l on l.uid = s.uid
      where s.ended_at is null
    )
    update sessions set ended_at = ${now}, end_reason = 'policy'
    from ranked join limits l on l.uid = ranked.uid
    where sessions.id = ranked.id and ranked.place > l.max_sessions
    returning sessions.uid, sessions.cu_id`.execute(trx);
  return rows;
}
