import type { DB } from '../../db/database.ts';
import { limitsOf, policyAggregates } from '../accounts/session-policy.ts';
import type { TicketClaims } from './tickets.ts';
import { liveShare } from '../tracking/access.ts';

/**
 * Whether a stream's session is still live, read without touching it (a stream is no activity of
 * the user's: an idle session ends after SESSION_IDLE_MINUTES even with a page left open, and the
 * stream with it). Live: not ended, not idle or too old (by its person's session policy, as
 * `authenticate` reads it: accounts/session-policy.ts), and its user still holds its customer.
 */
export async function sessionLive(db: DB, claims: TicketClaims, now: Date, idleMs: number): Promise<boolean> {
  if (claims.view) return viewLive(db, claims.view, now);
  const row = await db
    .selectFrom('sessions as s')
    .leftJoin('user_customers as uc', (join) =>
      join.onRef('uc.uid', '=', 's.uid').onRef('uc.cu_id', '=', 's.cu_id'),
    )
    .select(['s.uid', 's.cu_id', 's.ended_at', 's.last_seen_at', 's.created_at', 's.signed_in_at'])
    .select(['uc.uid as member', policyAggregates('s.uid').as('policy')])
    .where('s.id', '=', claims.sid)
    .executeTakeFirst();
  if (!row || row.ended_at || row.member === null) return false;
  if (row.uid !== claims.uid || row.cu_id !== claims.cu) return false;
  const t = now.getTime();
  const limits = limitsOf(row.policy, idleMs);
  return (
    t - new Date(row.last_seen_at).getTime() <= limits.idleMs &&
    t - new Date(row.signed_in_at ?? row.created_at).getTime() <= limits.absoluteMs
  );
}

/** Whether a viewer's stream may go on: its view has not ended, its share (if any) is not revoked. */
async function viewLive(db: DB, view: NonNullable<TicketClaims['view']>, now: Date): Promise<boolean> {
  if (now.getTime() >= view.until) return false;
  if (view.share === null) return true;
  return (await liveShare(db, view.share, now))?.order_id === view.order;
}
