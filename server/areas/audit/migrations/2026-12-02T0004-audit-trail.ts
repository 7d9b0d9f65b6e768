import { type Kysely, sql } from 'kysely';

/**
 * The audit trail (21 CFR Part 11 §11.10(e), EU GMP Annex 11 §9; server/areas/audit/trail.ts):
 * one chain of entries per customer (`cu_id` 0: events of no customer, such as a sign-in), each
 * entry's hash covering the one before it. The database refuses UPDATE, DELETE and TRUNCATE on the
 * entries; `audit_heads` holds each chain's tip, which appends lock so that one customer's entries
 * are numbered one after another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_entries (
      id serial primary key,
      cu_id integer not null,
      seq integer not null,
      at timestamptz not null,
      record_type text not null,
      record_id text not null,
      action text not null,
      actor_kind text not null check (actor_kind in ('user', 'provider', 'system', 'client')),
      actor_id integer,
      actor_name text not null,
      reason text,
      changes jsonb not null,
      request_id text,
      prev_hash text not null,
      hash text not null,
      unique (cu_id, seq)
    );
    create index audit_entries_record on audit_entries (cu_id, record_type, record_id, seq);
    create table audit_heads (
      cu_id integer primary key,
      seq integer not null,
      hash text not null
    );
    create function audit_entries_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'the audit trail is append-only (% refused)', tg_op
          using errcode = 'insufficient_privilege';
      end
    $$;
    create trigger audit_entries_no_update before update or delete on audit_entries
      for each row execute function audit_entries_append_only();
    create trigger audit_entries_no_truncate before truncate on audit_entries
      for each statement execute function audit_entries_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table audit_heads;
    drop table audit_entries;
    drop function audit_entries_append_only();
  `.execute(db);
}
