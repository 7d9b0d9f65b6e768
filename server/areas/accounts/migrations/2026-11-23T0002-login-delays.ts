import { type Kysely, sql } from 'kysely';

/**
 * Login throttling per username and client address instead of a lock per username: a lock that
 * anyone could set off for any known username is gone (`login_failures.locked_until`); failures
 * from one address now delay only that address (`login_delays`). Rows are forgotten a day after
 * their last failure (the index lets that sweep stay cheap).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_delays (
      username text not null,
      address text not null,
      failures integer not null,
      last_failed_at timestamptz not null,
      primary key (username, address)
    );
    create index login_delays_last_failed on login_delays(last_failed_at);
    alter table login_failures drop column locked_until;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table login_delays;
    alter table login_failures add column locked_until timestamptz;
  `.execute(db);
}
