import { sql } from 'kysely';
import type { WebhookEventType } from '../../../src/contract/webhooks/schemas.ts';
import { notify } from '../../core/bus.ts';
import type { DB } from '../../db/database.ts';
import { passOverEvents } from '../live/cursor.ts';
import { messagesOf, payloadOf } from './events.ts';
import { keptWhileDisabled } from './sender.ts';
import { newMessageId } from './signing.ts';

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
 * Turns a customer's new events into deliveries, once across processes: a pass over its
 * `webhook_cursors` place (live/cursor.ts, as the notifier's: the row locked SKIP LOCKED, so a
 * process that finds it taken leaves the customer to the one that has it) in one transaction that
 * makes each event's messages (events.ts), a delivery of each per endpoint that wants its type (one
 * per endpoint and event: a unique index), and the new place. A disabled endpoint's delivery is
 * made `skipped` at once, with a line in its log saying it was not sent (keptWhileDisabled): the
 * messages of a disabled spell are kept for a replay of their time range, as Stripe and Svix keep
 * them. A failure rolls all of it back and the next pass reads the same events again. Answers how
 * many deliveries it made to send.
 */
export function dispatchCustomer(db: DB, cuId: number, now: Date): Promise<number> {
  return passOverEvents(
    db,
    { table: 'webhook_cursors', cuId, now, withinMs: DISPATCH_WITHIN_MS },
    async (trx, events) => {
      const endpoints = await trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'event_types', 'enabled'])
        .where('cu_id', '=', cuId)
        .execute();
      if (endpoints.length === 0) return 0;
      let made = 0;
      const kept: number[] = [];
      for (const event of events) {
        const at = new Date(event.at);
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
                ...(e.enabled ? {} : { state: 'skipped' as const, finished_at: now }),
              })),
            )
            .onConflict((oc) => oc.doNothing())
            .returning(['id', 'state'])
            .execute();
          for (const d of inserted)
            if (d.state === 'skipped') kept.push(d.id);
            else made += 1;
        }
      }
      await keptWhileDisabled(trx, kept, now);
      // the senders wake on commit
      if (made > 0) await notify(trx, 'webhooks', String(cuId));
      return made;
    },
  );
}

/** The customers with a cursor behind their newest event. */
export async function customersBehind(db: DB): Promise<number[]> {
  const { rows } = await sql<{ cu_id: number }>`
    select c.cu_id from webhook_cursors c join event_heads h on h.cu_id = c.cu_id
    where h.seq > c.seq order by c.cu_id limit 500`.execute(db);
  return rows.map((r) => r.cu_id);
}
