import { notify } from '../../core/bus.ts';
import type { DB } from '../../db/database.ts';
import type { Actor, AuditFacts } from '../audit/trail.ts';

/**
 * The event outbox: every change a page shows is an event, written in the transaction of the
 * change, so neither commits without the other (docs/decisions/live.md). Audited writes get theirs
 * from their audit entries (AuditBuffer.flush calls `eventsOfAudit`); what is not a GxP record (a
 * draft, an export) appends its own. Each customer's events are numbered 1, 2, 3 … in commit
 * order, with no gaps: an append locks the customer's `event_heads` row until its transaction
 * ends, so a reader that has seen place n has seen every event before it, and a stream resumes
 * from a number. On commit the processes hear `live` on the bus (`cu:seq`); the hub polls too, so
 * nothing depends on NOTIFY.
 */
export interface EventFacts {
  cuId: number;
  kind: string;
  action: string;
  recordId: string | number;
  orderId?: number | null;
  /** The one user it concerns (null: every user of the customer). */
  audience?: number | null;
  actor: Actor;
}

/** Records that are not told live: a user's own account, or what belongs to no customer. */
const UNTOLD = new Set(['user']);

/** The events of a transaction's audit entries (entries of no customer and of accounts are not told). */
export function eventsOfAudit(entries: readonly AuditFacts[]): EventFacts[] {
  return entries
    .filter((e) => e.cuId > 0 && !UNTOLD.has(e.recordType))
    .map((e) => ({
      cuId: e.cuId,
      kind: e.recordType,
      action: e.action,
      recordId: e.recordId,
      orderId: e.orderId ?? (e.recordType === 'order' ? Number(e.recordId) || null : null),
      audience: null,
      actor: e.actor,
    }));
}

/**
 * Appends events inside the caller's transaction, customers in ascending order, after every other
 * lock of the write (with the audit trail's tips: docs/decisions/lock-order.md, rule 4).
 */
export async function appendEvents(trx: DB, events: readonly EventFacts[], now: Date): Promise<void> {
  if (events.length === 0) return;
  if (!trx.isTransaction) throw new Error('events are written inside the transaction of their change');
  const customers = [...new Set(events.map((e) => e.cuId))].sort((a, b) => a - b);
  for (const cuId of customers) {
    await trx
      .insertInto('event_heads')
      .values({ cu_id: cuId, seq: 0 })
      .onConflict((oc) => oc.column('cu_id').doNothing())
      .execute();
    const head = await trx
      .selectFrom('event_heads')
      .select('seq')
      .where('cu_id', '=', cuId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    let seq = head.seq;
    const rows = events
      .filter((e) => e.cuId === cuId)
      .map((e) => ({
        cu_id: cuId,
        seq: ++seq,
        at: now,
        kind: e.kind,
        action: e.action,
        record_id: String(e.recordId),
        order_id: e.orderId ?? null,
        audience: e.audience ?? null,
        actor_kind: e.actor.kind,
        actor_id: e.actor.id,
      }));
    await trx.insertInto('events').values(rows).execute();
    await trx.updateTable('event_heads').set({ seq }).where('cu_id', '=', cuId).execute();
    await notify(trx, 'live', `${cuId}:${seq}`);
  }
}

/** Appends the events of `work`'s changes as the transaction's last step. */
export function withEvent<T>(
  db: DB,
  now: Date,
  work: (trx: DB) => Promise<{ result: T; events: EventFacts[] }>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const { result, events } = await work(trx);
    await appendEvents(trx, events, now);
    return result;
  });
}
