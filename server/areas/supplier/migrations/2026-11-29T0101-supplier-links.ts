import { type Kysely, sql } from 'kysely';

/**
 * Links the provider sends a carrier or supplier (`provider/supplier-link`): one row per link,
 * for one task of one order (`pickup` or `delivery`), with its expiry and, once taken, its one
 * decision. No secret is stored: the link's token is the row's id and expiry signed with a
 * server key (`signing_keys`, server/core/signed-links.ts). `order_events.proposed_at` keeps the
 * other time a carrier proposed, shown with the event in the order view.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table supplier_links (
      id serial primary key,
      order_id integer not null references orders(id) on delete cascade,
      task text not null check (task in ('pickup', 'delivery')),
      party text not null,
      created_by text not null default '',
      expires_at timestamptz not null,
      decision text check (decision in ('confirm', 'propose', 'decline')),
      proposed_at timestamptz,
      reason text not null default '',
      decided_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index supplier_links_order on supplier_links(order_id);
    alter table order_events add column proposed_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_events drop column proposed_at; drop table supplier_links;`.execute(db);
}
