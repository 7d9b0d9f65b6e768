import type { DB } from '../../db/database.ts';

/** One change as a stream tells it: what changed, not its content (the page reads that itself). */
export interface LiveEvent {
  seq: number;
  kind: string;
  action: string;
  id: string;
  order: number | null;
  /** The one user it is for (null: every user of the customer). Not sent. */
  audience: number | null;
}

/** A customer's newest event place (0: none yet). */
export async function headOf(db: DB, cuId: number): Promise<number> {
  const row = await db.selectFrom('event_heads').select('seq').where('cu_id', '=', cuId).executeTakeFirst();
  return row?.seq ?? 0;
}

/** The customer's events after `after`, up to `upTo` when given, at most `limit`, in order. */
export async function eventsAfter(
  db: DB,
  cuId: number,
  after: number,
  limit: number,
  upTo?: number,
): Promise<LiveEvent[]> {
  let query = db
    .selectFrom('events')
    .select(['seq', 'kind', 'action', 'record_id', 'order_id', 'audience'])
    .where('cu_id', '=', cuId)
    .where('seq', '>', after);
  if (upTo !== undefined) query = query.where('seq', '<=', upTo);
  const rows = await query.orderBy('seq').limit(limit).execute();
  return rows.map((r) => ({
    seq: r.seq,
    kind: r.kind,
    action: r.action,
    id: r.record_id,
    order: r.order_id,
    audience: r.audience,
  }));
}
