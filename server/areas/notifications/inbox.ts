import type { NotificationList } from '../../../src/contract/notifications/schemas.ts';
import type { DB } from '../../db/database.ts';
import { linkOf } from './kinds.ts';

export interface Owner {
  uid: number;
  cuId: number;
}

/** The bell's list: the owner's entries shown in the portal, newest first, and how many are unread. */
export async function inbox(
  db: DB,
  owner: Owner,
  query: { limit: number; before?: number; unread: '0' | '1' },
): Promise<NotificationList> {
  let rows = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'record_id', 'order_id', 'ref', 'created_at', 'read_at'])
    .where('uid', '=', owner.uid)
    .where('cu_id', '=', owner.cuId)
    .where('in_portal', '=', true);
  if (query.before !== undefined) rows = rows.where('id', '<', query.before);
  if (query.unread === '1') rows = rows.where('read_at', 'is', null);
  const [list, unread] = await Promise.all([
    rows.orderBy('id', 'desc').limit(query.limit).execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('uid', '=', owner.uid)
      .where('cu_id', '=', owner.cuId)
      .where('in_portal', '=', true)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: list.map((r) => ({
      id: r.id,
      kind: r.kind,
      ref: r.ref,
      link: linkOf(r.kind, r.record_id, r.order_id),
      created_at: new Date(r.created_at).toISOString(),
      read: r.read_at !== null,
    })),
    unread: Number(unread.n),
  };
}

/** Marks the owner's entries read: `ids`, or all of them; another user's ids change nothing. */
export async function markRead(db: DB, owner: Owner, ids: number[] | undefined, now: Date): Promise<void> {
  let update = db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('uid', '=', owner.uid)
    .where('cu_id', '=', owner.cuId)
    .where('read_at', 'is', null);
  if (ids !== undefined) {
    if (ids.length === 0) return;
    update = update.where('id', 'in', ids);
  }
  await update.execute();
}
