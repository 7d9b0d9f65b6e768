import { type Kysely, sql } from 'kysely';

/**
 * Logins under attack (issue 27): the addresses a username last logged in from (such an address
 * is not asked for the captcha because others fail on the username), the trail of attacks
 * (`security_events`), an index to count one address's failures over all usernames, and captchas
 * keyed by username **and** address (an attacker can no longer use up or replace the real user's
 * captcha): the old login captchas (keyed by the username only) are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index login_delays_address on login_delays(address);
    create table login_addresses (
      username text not null,
      address text not null,
      last_login_at timestamptz not null,
      primary key (username, address)
    );
    create index login_addresses_last_login on login_addresses(last_login_at);
    create table security_events (
      id bigserial primary key,
      at timestamptz not null,
      kind text not null,
      subject text not null,
      address text not null,
      failures integer not null
    );
    create index security_events_at on security_events(at);
    delete from captchas where scope = 'login';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table security_events;
    drop table login_addresses;
    drop index login_delays_address;
  `.execute(db);
}
