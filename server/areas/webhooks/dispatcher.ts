import { sql } from 'kysely';
import type { WebhookEventType } from '../../../src/contract/webhooks/schemas.ts';
import { notify } from '../../core/bus.ts';
import type { DB } from '../../db/database.ts';
import { messagesOf, payloadOf } from './events.ts';
import { newMessageId } from './signing.ts';

/** Events read per customer in one pass. */
const PAGE = 200;
/** Events older than this are not told (a cursor far behind: the outbox keeps 14 days). */
export const DISPATCH_WITHIN_MS = 24 * 3_600_000;

/**
 * Starts a customer's cursor at its newest event (its first endpoint: what happened before is
 * not sent). Inside the endpoint's transaction; a cursor already there stays where it is.
 */
export async function startCursor(trx: DB, cuId: number): Promise<void> {
  await sql`
    insert into webhook_cursors (cu_id, seq)
    values (${cuId}, coalesce((select seq from event_heads where cu_id = ${cuId}), 0))
    on conflict (cu_id) do nothing`.execute(trx);
}

/**
 * Turns a customer's new events into deliveries, once across processes (as the notifier:
 * notifications/notifier.ts): the customer's `webhook_cursors` row is locked SKIP LOCKED (a process
 * that finds it taken leaves the customer to the one that has it) for one transaction that makes
 * each event's messages (events.ts), a delivery of each per enabled endpoint that wants its type
 * (one per endpoint and event: a unique index), and the new place. A failure rolls all of it back
 * and the next pass reads the same events again. Answers how many deliveries it made.
 */
export async function dispatchCustomer(db: DB, cuId: number, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ seq: number }>`
      select seq from webhook_cursors where cu_id = ${cuId} for update skip locked`.execute(trx);
    const cursor = rows[0];
    if (!cursor) return 0;
    const events = await trx
      .selectFrom('events')
      .selectAll()
      .where('cu_id', '=', cuId)
      .where('seq', '>', cursor.seq)
      .orderBy('seq')
      .limit(PAGE)
      .execute();
    if (events.length === 0) return 0;
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'event_types'])
      .where('cu_id', '=', cuId)
      .where('enabled', '=', true)
      .execute();
    let made = 0;
    if (endpoints.length > 0)
      for (const event of events) {
        const at = new Date(event.at);
        if (now.getTime() - at.getTime() > DISPATCH_WITHIN_MS) continue;
        for (const message of await messagesOf(trx, event)) {
          const wanting = endpoints.filter(
            (e) => e.event_types.length === 0 || e.event_types.includes(message.type as WebhookEventType),
          );
          if (wanting.length === 0) continue;
          const msgId = newMessageId();
          const payload = payloadOf(message, at);
          const inserted = await trx
            .insertInto('webhook_deliveries')
            .values(
              wanting.map((e) => ({
                cu_id: cuId,
                endpoint_id: e.id,
                msg_id: msgId,
                event_type: message.type,
                payload,
                event_seq: event.seq,
                next_at: now,
                created_at: now,
              })),
            )
            .onConflict((oc) => oc.doNothing())
            .returning('id')
            .execute();
          made += inserted.length;
        }
      }
    await trx
      .updateTable('webhook_cursors')
      .set({ seq: events[events.length - 1]!.seq })
      .where('cu_id', '=', cuId)
      .execute();
    // the senders wake on commit
    if (made > 0) await notify(trx, 'webhooks', String(cuId));
    return made;
  });
}

/** The customers with a cursor behind their newest event. */
export async function customersBehind(db: DB): Promise<number[]> {
  const { rows } = await sql<{ cu_id: number }>`
    select c.cu_id from webhook_cursors c join event_heads h on h.cu_id = c.cu_id
    where h.seq > c.seq order by c.cu_id limit 500`.execute(db);
  return rows.map((r) => r.cu_id);
}
