import { type Kysely, sql } from 'kysely';

/**
 * Saved views: named filter sets of a list (its address query), per user, customer (0: a session
 * without one) and list, one of each name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table saved_views (
      id serial primary key,
      uid integer not null references users(uid) on delete cascade,
      cu_id integer not null,
      list text not null,
      name text not null,
      query text not null,
      updated_at timestamptz not null default now(),
      unique (uid, cu_id, list, name)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table saved_views;`.execute(db);
}
