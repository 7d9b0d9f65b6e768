import { type Kysely, sql } from 'kysely';

/**
 * Single sign-on with OpenID Connect per customer (issue 34, docs/decisions/single-sign-on.md):
 * a customer's provider (issuer, client id, the client secret sealed with `SECOND_FACTOR_KEY`),
 * its e-mail domains (a domain belongs to one customer), the customers a just-in-time user gets;
 * the identities linked to accounts (issuer and subject, deactivatable); the flows under way
 * (state and binding cookie as SHA-256, PKCE verifier, nonce, the client address, 10 minutes,
 * single use); the signing proofs of a re-authentication (SHA-256, 5 minutes, single use). Users
 * get an e-mail address (verified by the provider: the link of a first sign-in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column email text;
    create unique index users_email on users (lower(email)) where email is not null;
    create table sso_configs (
      cu_id integer primary key references customers(cu_id) on delete cascade,
      issuer text not null,
      client_id text not null,
      secret_sealed text not null,
      jit_sg_id integer not null,
      updated_by integer references users(uid) on delete set null,
      updated_at timestamptz not null
    );
    create table sso_domains (
      domain text primary key,
      cu_id integer not null references sso_configs(cu_id) on delete cascade
    );
    create table sso_grants (
      cu_id integer not null references sso_configs(cu_id) on delete cascade,
      granted_cu_id integer not null references customers(cu_id) on delete cascade,
      primary key (cu_id, granted_cu_id)
    );
    create table sso_identities (
      id serial primary key,
      cu_id integer not null references customers(cu_id) on delete cascade,
      issuer text not null,
      subject text not null,
      uid integer not null references users(uid) on delete cascade,
      email text not null,
      deactivated_at timestamptz,
      last_sign_in_at timestamptz,
      created_at timestamptz not null,
      unique (issuer, subject)
    );
    create table sso_flows (
      state_hash text primary key,
      binding_hash text not null,
      cu_id integer not null references sso_configs(cu_id) on delete cascade,
      kind text not null check (kind in ('sign_in', 'reauth')),
      uid integer references users(uid) on delete cascade,
      code_verifier text not null,
      nonce text not null,
      address text not null,
      return_to text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    );
    create index sso_flows_expiry on sso_flows (expires_at);
    create table sso_proofs (
      token_hash text primary key,
      uid integer not null references users(uid) on delete cascade,
      auth_time timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table sso_proofs;
    drop table sso_flows;
    drop table sso_identities;
    drop table sso_grants;
    drop table sso_domains;
    drop table sso_configs;
    drop index users_email;
    alter table users drop column email;
  `.execute(db);
}
