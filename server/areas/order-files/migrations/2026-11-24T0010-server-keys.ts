import { type Kysely, sql } from 'kysely';

/**
 * Secrets the server makes for itself (the key that signs download links): made at random on
 * first use and kept here, so no deployment runs with a default key and every instance of one
 * database agrees on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table server_keys (
      name text primary key,
      secret text not null,
      created_at timestamptz not null default now()
    );
    create index order_attachments_file on order_attachments(file_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index order_attachments_file; drop table server_keys;`.execute(db);
}
