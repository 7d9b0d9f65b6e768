import { type Kysely, sql } from 'kysely';

/**
 * Webhooks, issue 33's second part (docs/decisions/webhooks.md): when an order's state was last
 * told (`webhook_order_states.told_at`, so housekeeping can prune what no one will compare again),
 * the deliveries in flight per endpoint (the sender's claim bounds them: sender.ts), and each
 * delivery's replays (a replay of what failed leaves out what a replay has delivered).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table webhook_order_states add column told_at timestamptz not null default now();
    create index webhook_order_states_told on webhook_order_states (told_at);
    create index webhook_deliveries_sending on webhook_deliveries (endpoint_id) where state = 'sending';
    create index webhook_deliveries_replays on webhook_deliveries (replay_of) where replay_of is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index webhook_deliveries_replays;
    drop index webhook_deliveries_sending;
    drop index webhook_order_states_told;
    alter table webhook_order_states drop column told_at;
  `.execute(db);
}
