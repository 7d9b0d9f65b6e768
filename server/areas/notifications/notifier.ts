import type { DB } from '../../db/database.ts';
import { notify } from '../../core/bus.ts';
import { passOverEvents } from '../live/cursor.ts';
import { appendEvents } from '../live/outbox.ts';
import { channelsFor } from './channels.ts';
import { toldOf } from './recipients.ts';

/** Events older than this are not told (the notifier's first pass over a customer's history). */
export const TELL_WITHIN_MS = 24 * 3_600_000;

/**
 * Makes the notifications of a customer's new events (recipients.ts), once across processes:
 * a pass over its `notify_cursors` place (live/cursor.ts: the row locked SKIP LOCKED, so a process
 * that finds it taken leaves the customer to the one that has it) in one transaction that writes the notifications,
 * their mail jobs (at once) or digest marks, an event for each recipient's bell, and the new
 * place. A failure rolls all of it back and the next pass reads the same events again. Answers
 * how many notifications it made.
 */
export async function notifyCustomer(db: DB, cuId: number, now: Date): Promise<number> {
  await db
    .insertInto('notify_cursors')
    .values({ cu_id: cuId, seq: 0 })
    .onConflict((oc) => oc.column('cu_id').doNothing())
    .execute();
  return passOverEvents(
    db,
    { table: 'notify_cursors', cuId, now, withinMs: TELL_WITHIN_MS },
    async (trx, events) => {
      let made = 0;
      const bells = new Set<number>();
      for (const event of events) {
        const told = await toldOf(trx, event);
        if (!told || told.uids.length === 0) continue;
        const channels = await channelsFor(trx, cuId, told.kind, told.uids);
        for (const uid of told.uids) {
          const c = channels.get(uid);
          if (!c || (!c.portal && !c.email)) continue;
          if (told.kind === 'delivered' && told.orderId !== null) {
            const already = await trx
              .selectFrom('notifications')
              .select('id')
              .where('uid', '=', uid)
              .where('kind', '=', 'delivered')
              .where('order_id', '=', told.orderId)
              .executeTakeFirst();
            if (already) continue;
          }
          const mail = c.email && c.address ? (c.digest ? 'digest' : 'queued') : 'none';
          const row = await trx
            .insertInto('notifications')
            .values({
              uid,
              cu_id: cuId,
              kind: told.kind,
              record_id: event.record_id,
              order_id: told.orderId,
              ref: told.ref,
              event_seq: event.seq,
              created_at: now,
              in_portal: c.portal,
              mail_state: mail,
            })
            .onConflict((oc) => oc.columns(['uid', 'cu_id', 'event_seq', 'kind']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!row) continue;
          made += 1;
          if (mail === 'queued')
            await trx
              .insertInto('mail_jobs')
              .values({
                uid,
                cu_id: cuId,
                notification_ids: JSON.stringify([row.id]),
                next_at: now,
                created_at: now,
              })
              .execute();
          if (c.portal) bells.add(uid);
        }
      }
      // the mail sender wakes on commit (mail-sender.ts)
      if (made > 0) await notify(trx, 'mail', String(cuId));
      // each recipient's bell hears it live (an event only that user's streams tell)
      await appendEvents(
        trx,
        [...bells].map((uid) => ({
          cuId,
          kind: 'notification',
          action: 'new',
          recordId: uid,
          audience: uid,
          actor: { kind: 'system' as const, id: null, name: '' },
        })),
        now,
      );
      return made;
    },
  );
}
