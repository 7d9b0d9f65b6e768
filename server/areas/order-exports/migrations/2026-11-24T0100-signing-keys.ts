import { type Kysely, sql } from 'kysely';

/**
 * The keys of short-lived signed links (export files, attachments): made at random on first use
 * (server/core/signed-links.ts) and kept here, so that no key has a usable default and links stay
 * valid across a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table signing_keys (
      name text primary key,
      secret bytea not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table signing_keys;`.execute(db);
}
