import { type Kysely, sql } from 'kysely';

/**
 * Issue 34's passkeys (docs/decisions/passkeys.md): a person's WebAuthn credentials, a second
 * factor beside the TOTP authenticator, and the challenges the server gave for them (single use,
 * 5 minutes, bound to the person and to what they are for: adding a key, a pending sign-in, or a
 * signature).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table passkeys (
      id serial primary key,
      uid integer not null references users(uid) on delete cascade,
      credential_id text not null unique,
      public_key text not null,
      counter bigint not null default 0,
      transports text not null default '',
      name text not null,
      backed_up boolean not null default false,
      created_at timestamptz not null,
      last_used_at timestamptz
    );
    create index passkeys_uid on passkeys (uid);
    create table passkey_challenges (
      challenge_hash text primary key,
      uid integer not null references users(uid) on delete cascade,
      purpose text not null check (purpose in ('register', 'sign_in', 'signature')),
      pending_hash text,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    );
    create index passkey_challenges_expiry on passkey_challenges (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table passkey_challenges; drop table passkeys;`.execute(db);
}
