import { type Kysely, sql } from 'kysely';

/**
 * The event outbox (server/areas/live/outbox.ts): what changed, written in the transaction of the
 * change, numbered one after another per customer (`event_heads`, locked by each append, as the
 * audit trail's tips are), so that a reader that has seen place n has seen everything before it.
 * Events say what changed (a kind and a record), never the record's content: the live stream,
 * the notifications and the webhooks read it. Kept for EVENT_RETENTION_DAYS (housekeeping).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      cu_id integer not null,
      seq integer not null,
      at timestamptz not null,
      kind text not null,
      action text not null,
      record_id text not null,
      order_id integer,
      audience integer,
      actor_kind text not null,
      actor_id integer,
      primary key (cu_id, seq)
    );
    create index events_at on events (at);
    create table event_heads (
      cu_id integer primary key,
      seq integer not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_heads; drop table events;`.execute(db);
}
