import { type Kysely, sql } from 'kysely';

/**
 * Second factors (issue 34, TOTP): a user's authenticator secret, sealed with the server's
 * `SECOND_FACTOR_KEY` (AES-256-GCM), unconfirmed until the first code, and the last time step a
 * code of it was accepted (a code once used is refused again); ten recovery codes per enrolment,
 * kept as SHA-256, each good once; and the sign-ins waiting for their second step (a token's
 * SHA-256, bound to the user and the client address, 5 minutes, 5 tries).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table second_factors (
      uid integer primary key references users(uid) on delete cascade,
      kind text not null default 'totp' check (kind in ('totp')),
      secret_sealed text not null,
      confirmed_at timestamptz,
      last_time_step bigint not null default 0,
      created_at timestamptz not null
    );
    create table recovery_codes (
      id serial primary key,
      uid integer not null references users(uid) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      created_at timestamptz not null,
      unique (uid, code_hash)
    );
    create table pending_sign_ins (
      token_hash text primary key,
      uid integer not null references users(uid) on delete cascade,
      address text not null,
      tries integer not null default 0,
      is_weak_password boolean not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    );
    create index pending_sign_ins_expiry on pending_sign_ins (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table pending_sign_ins;
    drop table recovery_codes;
    drop table second_factors;
  `.execute(db);
}
