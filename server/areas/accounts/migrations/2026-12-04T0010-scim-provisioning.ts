import { type Kysely, sql } from 'kysely';

/**
 * SCIM 2.0 provisioning (issue 34, docs/decisions/single-sign-on.md "Provisioning"): the
 * customer's identity provider creates, updates and ends the accounts of its people.
 * - `users.deactivated_at`: an account ended (its person left): no sign-in of any kind.
 * - `scim_tokens`: the one bearer token (SHA-256) a customer's provider provisions with.
 * - `scim_users`: the provider's User resources, each an account of that customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column deactivated_at timestamptz;
    create table scim_tokens (
      cu_id integer primary key references sso_configs(cu_id) on delete cascade,
      token_hash text not null unique,
      created_by integer references users(uid) on delete set null,
      created_at timestamptz not null,
      last_used_at timestamptz
    );
    create table scim_users (
      id text primary key,
      cu_id integer not null references customers(cu_id) on delete cascade,
      uid integer not null references users(uid) on delete cascade,
      user_name text not null,
      external_id text,
      display_name text not null default '',
      given_name text not null default '',
      family_name text not null default '',
      active boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (cu_id, uid)
    );
    create unique index scim_users_user_name on scim_users (cu_id, lower(user_name));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table scim_users;
    drop table scim_tokens;
    alter table users drop column deactivated_at;
  `.execute(db);
}
