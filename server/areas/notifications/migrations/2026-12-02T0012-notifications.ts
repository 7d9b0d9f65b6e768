import { type Kysely, sql } from 'kysely';

/**
 * Notifications (server/areas/notifications): what the notifier makes of the event outbox for
 * each user (`notifications`, read from the bell), per user and kind the channels they want
 * (`notification_prefs`, else the customer's `notification_defaults`, else the portal's), the
 * user's address and language for mail (`notification_settings`), the notifier's place in each
 * customer's events (`notify_cursors`, locked while it works, so once across processes) and the
 * mail to send (`mail_jobs`, claimed with SKIP LOCKED, retried, kept across restarts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification_settings (
      uid integer primary key,
      email text,
      lang text not null default 'zh-CN',
      updated_at timestamptz not null
    );
    create table notification_prefs (
      uid integer not null,
      cu_id integer not null,
      kind text not null,
      portal boolean not null,
      email boolean not null,
      digest boolean not null,
      primary key (uid, cu_id, kind)
    );
    create table notification_defaults (
      cu_id integer not null,
      kind text not null,
      portal boolean not null,
      email boolean not null,
      digest boolean not null,
      primary key (cu_id, kind)
    );
    create table notifications (
      id serial primary key,
      uid integer not null,
      cu_id integer not null,
      kind text not null,
      record_id text not null,
      order_id integer,
      ref text not null,
      event_seq integer not null,
      created_at timestamptz not null,
      read_at timestamptz,
      in_portal boolean not null default true,
      mail_state text not null default 'none'
        check (mail_state in ('none', 'queued', 'digest', 'sent')),
      unique (uid, cu_id, event_seq, kind)
    );
    create index notifications_inbox on notifications (uid, cu_id, id desc) where in_portal;
    create index notifications_unread on notifications (uid, cu_id) where read_at is null and in_portal;
    create index notifications_digest on notifications (uid) where mail_state = 'digest';
    create table notify_cursors (
      cu_id integer primary key,
      seq integer not null
    );
    create table mail_jobs (
      id serial primary key,
      uid integer not null,
      cu_id integer not null,
      notification_ids jsonb not null,
      digest boolean not null default false,
      state text not null default 'queued' check (state in ('queued', 'sending', 'sent', 'failed', 'skipped')),
      attempts integer not null default 0,
      next_at timestamptz not null,
      lease_until timestamptz,
      last_error text,
      created_at timestamptz not null,
      sent_at timestamptz
    );
    create index mail_jobs_due on mail_jobs (next_at) where state in ('queued', 'sending');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table mail_jobs; drop table notify_cursors; drop table notifications;
    drop table notification_defaults; drop table notification_prefs; drop table notification_settings;
  `.execute(db);
}
