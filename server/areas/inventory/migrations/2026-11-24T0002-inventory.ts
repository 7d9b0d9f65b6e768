import { type Kysely, sql } from 'kysely';

/**
 * The customer's goods in the provider's depots: one line per item, batch/lot and depot, with its
 * expiry, quantity on hand and quantity reserved by open orders; and each line's movements.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table inventory (
      in_id serial primary key,
      cu_id integer not null references customers(cu_id) on delete cascade,
      pr_id integer references projects(pr_id) on delete set null,
      goods_type smallint not null check (goods_type in (1, 2, 3)),
      code text not null,
      name text not null,
      spec text not null default '',
      unit text not null,
      batch_no text not null default '',
      expiry date,
      quantity numeric(14, 3) not null default 0 check (quantity >= 0),
      reserved numeric(14, 3) not null default 0 check (reserved >= 0),
      depot text not null default '',
      temp_class text not null,
      recoverable boolean not null default false,
      pinyin text not null default '',
      created_at timestamptz not null default now()
    );
    create index inventory_cu on inventory(cu_id, goods_type);

    create table inventory_movements (
      id bigserial primary key,
      in_id integer not null references inventory(in_id) on delete cascade,
      at timestamptz not null default now(),
      delta numeric(14, 3) not null,
      kind text not null check (kind in ('inbound', 'reserve', 'release', 'outbound', 'return', 'adjust')),
      order_id integer,
      note text not null default ''
    );
    create index inventory_movements_line on inventory_movements(in_id, at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table inventory_movements; drop table inventory;`.execute(db);
}
