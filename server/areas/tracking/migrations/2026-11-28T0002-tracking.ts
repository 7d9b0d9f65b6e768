import { type Kysely, sql } from 'kysely';

/**
 * Order tracking for people outside the portal:
 * - `tracking_shares`: an order's shares (made by a portal user, with an expiry, revocable). No
 *   secret is stored: a share's code and link token are derived from the share's id and expiry
 *   with a server key (`signing_keys`, see server/areas/tracking/share-secrets.ts).
 * - `tracking_failures`: one row per failed lookup, by order number and client address; the
 *   last hour's rows decide when a lookup needs a captcha. Swept after a day (housekeeping.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tracking_shares (
      id serial primary key,
      order_id integer not null references orders(id) on delete cascade,
      cu_id integer not null references customers(cu_id) on delete cascade,
      created_by integer references users(uid) on delete set null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      last_used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index tracking_shares_order on tracking_shares(order_id, created_at desc);
    create table tracking_failures (
      id bigserial primary key,
      order_no text not null,
      address text not null,
      failed_at timestamptz not null
    );
    create index tracking_failures_order on tracking_failures(order_no, failed_at);
    create index tracking_failures_address on tracking_failures(address, failed_at);
    create index tracking_failures_failed_at on tracking_failures(failed_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tracking_failures; drop table tracking_shares;`.execute(db);
}
