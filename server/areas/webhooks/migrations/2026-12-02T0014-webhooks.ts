import { type Kysely, sql } from 'kysely';

/**
 * Webhooks (server/areas/webhooks, docs/decisions/webhooks.md): each customer's endpoints, the
 * dispatcher's place in each customer's events (`webhook_cursors`, locked while it works, so once
 * across processes), what each order was when last told (status changes are told on change), the
 * deliveries (one message to one endpoint, claimed with SKIP LOCKED and a lease, retried for three
 * days) and their attempts (the delivery log, 30 days).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_endpoints (
      id serial primary key,
      cu_id integer not null,
      url text not null,
      description text not null default '',
      event_types jsonb not null default '[]',
      enabled boolean not null default true,
      disabled_reason text check (disabled_reason in ('manual', 'failing')),
      secret text not null,
      previous_secret text,
      previous_until timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      last_success_at timestamptz
    );
    create index webhook_endpoints_customer on webhook_endpoints (cu_id);
    create table webhook_cursors (
      cu_id integer primary key,
      seq integer not null
    );
    create table webhook_order_states (
      order_id integer primary key,
      cu_id integer not null,
      status text not null,
      milestone text not null
    );
    create table webhook_deliveries (
      id serial primary key,
      cu_id integer not null,
      endpoint_id integer not null references webhook_endpoints (id) on delete cascade,
      msg_id text not null,
      event_type text not null,
      payload text not null,
      event_seq integer,
      replay_of integer,
      state text not null default 'queued'
        check (state in ('queued', 'sending', 'delivered', 'failed', 'skipped')),
      attempts integer not null default 0,
      next_at timestamptz not null,
      lease_until timestamptz,
      created_at timestamptz not null,
      finished_at timestamptz
    );
    create unique index webhook_deliveries_event on webhook_deliveries (endpoint_id, event_seq, event_type)
      where event_seq is not null and replay_of is null;
    create index webhook_deliveries_due on webhook_deliveries (next_at) where state in ('queued', 'sending');
    create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at);
    create index webhook_deliveries_finished on webhook_deliveries (finished_at) where finished_at is not null;
    create table webhook_attempts (
      id serial primary key,
      delivery_id integer not null references webhook_deliveries (id) on delete cascade,
      endpoint_id integer not null,
      cu_id integer not null,
      attempt integer not null,
      url text not null,
      status integer,
      error text,
      duration_ms integer not null,
      at timestamptz not null,
      answer text not null default '',
      unique (delivery_id, attempt)
    );
    create index webhook_attempts_log on webhook_attempts (endpoint_id, id desc);
    create index webhook_attempts_at on webhook_attempts (at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table webhook_attempts; drop table webhook_deliveries; drop table webhook_order_states;
    drop table webhook_cursors; drop table webhook_endpoints;
  `.execute(db);
}
