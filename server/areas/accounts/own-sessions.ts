import { createHash } from 'node:crypto';
import type { OwnSession, OwnSessionList } from '../../../src/contract/accounts/sessions.ts';
import { notify } from '../../core/bus.ts';
import { notFound } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { maskAddress } from './devices.ts';
import { limitsFor } from './session-policy.ts';
import { endSession, forgetUserSessions } from './sessions.ts';

/**
 * A person's own live sessions (`user/session-*`): listed, and ended one at a time or all but the
 * caller's. Only the caller's own are ever looked at: a session is named by a handle derived from
 * its token's hash (not its row id), found among the caller's live sessions, so another person's,
 * an ended, an expired or a made-up handle are all the same "no such session" (404).
 */

const MINUTE = 60_000;

/** A session's handle: the first 22 base64url characters of SHA-256('session:' + token hash). */
export const sessionHandle = (tokenHash: string) =>
  createHash('sha256').update(`session:${tokenHash}`).digest('base64url').slice(0, 22);

interface Caller {
  uid: number;
  sessionId: string;
}

/** The caller's sessions that still live (not ended, not idle or old beyond the person's limits). */
async function liveSessions(db: DB, caller: Caller, now: Date, defaultIdleMs: number) {
  const limits = await limitsFor(db, caller.uid, defaultIdleMs);
  const t = now.getTime();
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'agent', 'address', 'created_at', 'signed_in_at', 'last_seen_at'])
    .where('uid', '=', caller.uid)
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>=', new Date(t - limits.idleMs))
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const live = rows.filter(
    (r) => t - new Date(r.signed_in_at ?? r.created_at).getTime() <= limits.absoluteMs,
  );
  return { limits, live };
}

/** `user/session-list`: the caller's live sessions, this one first, and the limits in force. */
export async function listOwnSessions(
  db: DB,
  caller: Caller,
  now: Date,
  defaultIdleMs: number,
): Promise<OwnSessionList> {
  const { limits, live } = await liveSessions(db, caller, now, defaultIdleMs);
  const list: OwnSession[] = live.map((r) => ({
    id: sessionHandle(r.token_hash),
    device: r.agent || '?',
    place: r.address ? maskAddress(r.address) : '?',
    signed_in_at: new Date(r.signed_in_at ?? r.created_at).toISOString(),
    last_seen_at: new Date(r.last_seen_at).toISOString(),
    current: String(r.id) === caller.sessionId,
  }));
  list.sort((a, b) => Number(b.current) - Number(a.current));
  return {
    list,
    limits: {
      idle_minutes: Math.round(limits.idleMs / MINUTE),
      absolute_minutes: Math.round(limits.absoluteMs / MINUTE),
      max_sessions: limits.maxSessions,
    },
  };
}

/** `user/session-sign-out`: ends one of the caller's live sessions (their own this one: a logout). */
export async function signOutOwnSession(
  db: DB,
  caller: Caller,
  handle: string,
  now: Date,
  defaultIdleMs: number,
): Promise<{ ended: number }> {
  const { live } = await liveSessions(db, caller, now, defaultIdleMs);
  const target = live.find((r) => sessionHandle(r.token_hash) === handle);
  if (!target) throw notFound('There is no such session');
  const id = String(target.id);
  await endSession(db, id, id === caller.sessionId ? 'logout' : 'signed_out', now);
  return { ended: 1 };
}

/**
 * `user/session-sign-out-others`: ends every live session of the caller but this one, each an
 * entry `session_end` (reason 'signed_out') on the person's chain, in one transaction.
 */
export async function signOutOtherSessions(
  db: DB,
  caller: Caller & { name: string },
  now: Date,
): Promise<{ ended: number }> {
  const ended = await auditedTransaction(db, now, async (trx, audit) => {
    const rows = await trx
      .updateTable('sessions')
      .set({ ended_at: now, end_reason: 'signed_out' })
      .where('uid', '=', caller.uid)
      .where('ended_at', 'is', null)
      .where('id', '<>', caller.sessionId)
      .returning(['id', 'cu_id'])
      .execute();
    for (const row of rows)
      audit.record({
        cuId: 0,
        recordType: 'user',
        recordId: caller.uid,
        action: 'session_end',
        actor: { kind: 'user', id: caller.uid, name: caller.name },
        reason: 'signed_out',
        changes: [{ field: 'customer', old: row.cu_id, new: null }],
      });
    if (rows.length > 0) await notify(trx, 'sessions', `u:${caller.uid}`);
    return rows.length;
  });
  forgetUserSessions(db, caller.uid);
  return { ended };
}
