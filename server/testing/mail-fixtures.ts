import type { NotificationKind } from '../../src/contract/notifications/schemas.ts';
import type { DB } from '../db/database.ts';
import { createUser } from './fixtures.ts';
import { unique } from './test-app.ts';

/** A user of a new customer account who gets mail at a unique address, in `lang`. */
export async function mailedUser(db: DB, lang: 'zh-CN' | 'en' = 'en') {
  const user = await createUser(db);
  const email = `${unique('m')}@mail.example.test`;
  await db
    .insertInto('notification_settings')
    .values({ uid: user.uid, email, lang, updated_at: new Date() })
    .execute();
  return { ...user, cuId: user.customers[0]!.cu_id, email };
}

let seq = 1_000_000;

/**
 * A notification of `kind` naming `ref` for the user, and its mail job due at `now`, as the
 * notifier makes them (notifier.ts), without the event behind it.
 */
export async function queuedMail(
  db: DB,
  user: { uid: number; cuId: number },
  now: Date,
  options: { kind?: NotificationKind; ref?: string; orderId?: number | null; recordId?: string } = {},
): Promise<{ notificationId: number; jobId: number; ref: string }> {
  const ref = options.ref ?? unique('SO');
  const notification = await db
    .insertInto('notifications')
    .values({
      uid: user.uid,
      cu_id: user.cuId,
      kind: options.kind ?? 'approval_needed',
      record_id: options.recordId ?? String(options.orderId ?? 1),
      order_id: options.orderId === undefined ? 1 : options.orderId,
      ref,
      event_seq: seq++,
      created_at: now,
      mail_state: 'queued',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await db
    .insertInto('mail_jobs')
    .values({
      uid: user.uid,
      cu_id: user.cuId,
      notification_ids: JSON.stringify([notification.id]),
      next_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { notificationId: notification.id, jobId: job.id, ref };
}

/** A mail job's row. */
export const mailJob = (db: DB, id: number) =>
  db.selectFrom('mail_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
