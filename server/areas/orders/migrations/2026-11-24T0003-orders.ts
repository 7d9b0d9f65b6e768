import { type Kysely, sql } from 'kysely';

/**
 * Transport orders and everything they gather: goods lines, boxes, events (the log of every
 * transition and milestone), temperature readings, track points, remarks and feedback,
 * modification requests, merge sources, and the idempotency keys of create and merge.
 *
 * `excursion` and `attachment_status` are kept on the order by the server (recomputed when a
 * reading or an attachment changes) so the list filters on them without joins. `search_text` is
 * what a keyword may match: the order number, project, site, cities and the parties that are not
 * masked (a masked side is left out, so a patient's name is never found).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create sequence order_no_seq;

    create table orders (
      id serial primary key,
      order_no text not null unique,
      cu_id integer not null references customers(cu_id) on delete cascade,
      pr_id integer references projects(pr_id) on delete set null,
      order_type text not null check (order_type in ('supply', 'sample', 'dtp', 'return', 'destroy', 'custom')),
      status text not null check (status in ('pending_approval', 'pending_confirm', 'not_finished', 'finished', 'cancelled')),
      is_dtp smallint not null default 0 check (is_dtp in (0, 1, 3)),
      to_goodstype smallint not null check (to_goodstype in (1, 2, 3)),
      temp_class text not null check (temp_class in ('ambient', 'chilled', 'frozen', 'deep_frozen', 'cryo')),
      from_company text not null,
      from_contact text not null,
      from_phone text not null,
      from_address text not null,
      from_city_id integer references regions(region_id),
      to_company text not null,
      to_contact text not null,
      to_phone text not null,
      to_address text not null,
      to_city_id integer references regions(region_id),
      ho_id integer references sites(ho_id) on delete set null,
      pickup_at timestamptz,
      deliver_by timestamptz,
      sign_name text,
      signed_at timestamptz,
      remark text not null default '',
      milestone text not null default 'none'
        check (milestone in ('none', 'confirmed', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered')),
      excursion text not null default 'none' check (excursion in ('none', 'low', 'medium', 'high')),
      attachment_status text not null default 'missing'
        check (attachment_status in ('missing', 'pending', 'approved', 'rejected')),
      merged_into integer references orders(id),
      cancel_reason text,
      search_text text not null default '',
      version integer not null default 1,
      created_by integer references users(uid) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index orders_list on orders(cu_id, created_at desc, id desc);
    create index orders_status_list on orders(cu_id, status, created_at desc, id desc);
    create index orders_project on orders(cu_id, pr_id, created_at desc);
    create index orders_attachments on orders(cu_id, attachment_status) where attachment_status <> 'approved';
    create index orders_search on orders using gin (search_text gin_trgm_ops);

    create table order_goods (
      id serial primary key,
      order_id integer not null references orders(id) on delete cascade,
      in_id integer references inventory(in_id) on delete set null,
      goods_type smallint not null check (goods_type in (1, 2, 3)),
      code text not null default '',
      name text not null,
      spec text not null default '',
      batch_no text not null default '',
      expiry date,
      quantity numeric(14, 3) not null check (quantity > 0),
      unit text not null
    );
    create index order_goods_order on order_goods(order_id);

    create table order_boxes (
      id serial primary key,
      order_id integer not null references orders(id) on delete cascade,
      box_type text not null,
      logger_id text not null default '',
      weight_kg numeric(8, 2) not null default 0
    );
    create index order_boxes_order on order_boxes(order_id);

    create table order_events (
      id bigserial primary key,
      order_id integer not null references orders(id) on delete cascade,
      at timestamptz not null default now(),
      kind text not null,
      status_from text,
      status_to text,
      actor_kind text not null check (actor_kind in ('customer', 'provider', 'system')),
      actor_name text not null default '',
      uid integer references users(uid) on delete set null,
      reason text not null default '',
      location text not null default ''
    );
    create index order_events_order on order_events(order_id, at);

    create table order_readings (
      order_id integer not null references orders(id) on delete cascade,
      logger_id text not null default '',
      at timestamptz not null,
      celsius numeric(6, 2) not null,
      primary key (order_id, logger_id, at)
    );

    create table order_track (
      order_id integer not null references orders(id) on delete cascade,
      at timestamptz not null,
      lat double precision not null,
      lng double precision not null,
      primary key (order_id, at)
    );

    create table order_remarks (
      id serial primary key,
      order_id integer not null references orders(id) on delete cascade,
      kind text not null default 'remark' check (kind in ('remark', 'feedback')),
      uid integer references users(uid) on delete set null,
      author text not null,
      text text not null,
      at timestamptz not null default now()
    );
    create index order_remarks_order on order_remarks(order_id, at);

    create table order_modifications (
      id serial primary key,
      order_id integer not null references orders(id) on delete cascade,
      kind text not null check (kind in ('change', 'cancel')),
      changes jsonb not null default '{}',
      reason text not null,
      status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected')),
      answer text not null default '',
      requested_by integer references users(uid) on delete set null,
      requested_at timestamptz not null default now(),
      answered_at timestamptz
    );
    create unique index order_modifications_open on order_modifications(order_id) where status = 'pending';

    create table order_sources (
      order_id integer not null references orders(id) on delete cascade,
      source_id integer not null references orders(id) on delete cascade,
      primary key (order_id, source_id)
    );

    create table idempotency_keys (
      uid integer not null references users(uid) on delete cascade,
      operation text not null,
      key text not null,
      cu_id integer not null,
      request_hash text not null,
      answer jsonb not null,
      created_at timestamptz not null default now(),
      primary key (uid, operation, key)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table idempotency_keys; drop table order_sources; drop table order_modifications;
    drop table order_remarks; drop table order_track; drop table order_readings; drop table order_events;
    drop table order_boxes; drop table order_goods; drop table orders; drop sequence order_no_seq;
  `.execute(db);
}
