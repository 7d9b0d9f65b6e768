import { type Kysely, sql } from 'kysely';

/**
 * The column settings of every list, per user, customer and list (`customer-order/index`).
 * `cu_id` 0 holds the settings of a session without a customer (a user who has no customer
 * account), so it is not a reference to `customers`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table list_settings (
      uid integer not null references users(uid) on delete cascade,
      cu_id integer not null,
      list text not null,
      fields jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (uid, cu_id, list)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table list_settings;`.execute(db);
}
