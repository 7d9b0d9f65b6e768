import { type Kysely, sql } from 'kysely';

/**
 * API clients (issue 33, docs/decisions/api-clients.md): the sponsor's systems (IRT/RTSM, ERP)
 * that call the portal's API with OAuth 2.0 client-credentials tokens, made by a customer's
 * administrators. `api_clients` keeps each client's public id, its scopes and allowed source
 * addresses, and only the SHA-256 of its secret (and of the previous one while a rotation's grace
 * lasts); `secret_generation` counts rotations, so tokens made with a secret that no longer holds
 * stop working. `api_client_keys` keeps the answers of order creations by a client's
 * `Idempotency-Key` (the IRT's shipment request id), per customer, so a repeat answers the first
 * order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_clients (
      id serial primary key,
      cu_id integer not null references customers(cu_id) on delete cascade,
      client_id text not null unique,
      name text not null,
      scopes text[] not null,
      allowed_addresses text[] not null default '{}',
      secret_hash text not null,
      secret_generation integer not null default 1,
      previous_secret_hash text,
      previous_secret_until timestamptz,
      rate_per_minute integer not null default 600,
      created_by integer references users(uid) on delete set null,
      created_at timestamptz not null default now(),
      rotated_at timestamptz,
      revoked_at timestamptz,
      revoked_by integer references users(uid) on delete set null,
      last_used_at timestamptz
    );
    create index api_clients_customer on api_clients(cu_id, id);

    create table api_client_keys (
      cu_id integer not null references customers(cu_id) on delete cascade,
      operation text not null,
      key text not null,
      client integer references api_clients(id) on delete set null,
      request_hash text not null,
      answer jsonb not null,
      created_at timestamptz not null default now(),
      primary key (cu_id, operation, key)
    );
    create index api_client_keys_age on api_client_keys(created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_client_keys; drop table api_clients;`.execute(db);
}
