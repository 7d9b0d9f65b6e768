import { type Kysely, sql } from 'kysely';

/**
 * Electronic signatures (21 CFR Part 11 §11.50, §11.70; server/areas/signatures): one row per
 * signature, with the printed name, meaning and time the views show, and the SHA-256 of the
 * record's canonical content as signed (a later change of the record leaves the signature applying
 * to an earlier version). The order's event of the signed act names its signature. Append-only,
 * like the trail. And the customer's administrators (`user_customers.is_admin`): they read the
 * customer's audit log and are told of repeated failed signatures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table signatures (
      id serial primary key,
      cu_id integer not null,
      record_type text not null,
      record_id text not null,
      record_version integer,
      uid integer not null references users (uid),
      printed_name text not null,
      meaning text not null check (meaning in ('approval', 'review', 'responsibility')),
      method text not null,
      content_hash text not null,
      signed_at timestamptz not null
    );
    create index signatures_record on signatures (cu_id, record_type, record_id);
    create trigger signatures_no_update before update or delete on signatures
      for each row execute function audit_entries_append_only();
    create trigger signatures_no_truncate before truncate on signatures
      for each statement execute function audit_entries_append_only();
    alter table order_events add column signature_id integer references signatures (id);
    alter table user_customers add column is_admin boolean not null default false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table user_customers drop column is_admin;
    alter table order_events drop column signature_id;
    drop table signatures;
  `.execute(db);
}
