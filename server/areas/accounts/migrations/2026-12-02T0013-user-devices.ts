import { type Kysely, sql } from 'kysely';

/**
 * The devices each user has signed in from (issue 32's "sign-in from a new device"): a device is
 * the browser that holds a device cookie (`lp_device`, 32 random bytes the server set at a sign-in;
 * only its SHA-256 is kept, per user), with what it looked like at its first sign-in (the browser
 * and system named from its User-Agent, the address) and its last. A sign-in from a device not
 * in the user's rows, when the user has rows already, tells the user (accounts/devices.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_devices (
      id serial primary key,
      uid integer not null references users(uid) on delete cascade,
      key_hash text not null,
      agent text not null,
      first_address text not null,
      last_address text not null,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      unique (uid, key_hash)
    );
    create index user_devices_last_seen on user_devices (uid, last_seen_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_devices`.execute(db);
}
