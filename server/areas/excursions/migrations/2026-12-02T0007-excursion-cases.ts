import { type Kysely, sql } from 'kysely';

/**
 * Temperature excursion cases (`excursion/*`, docs/decisions/excursions.md):
 * - `stability_budgets`: the ranges a product (a code of a project's goods) tolerates outside its
 *   storage range, and for how long over a batch's life.
 * - `excursion_cases`: one per logger of an order whose readings left the range (`seq` counts the
 *   follow-up cases that readings arriving after a decision open); unique, so a case opens once
 *   however many processes ingest the same readings.
 * - `excursion_lines`: the goods of the case's shipment and the stock line that holds them at
 *   the destination; `excursion_notes`: the case's timeline.
 * - inventory: a line's `hold` (on hold until its cases are decided, or quarantined), and the
 *   order and goods line a destination line came from; movements may write stock off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stability_budgets (
      id serial primary key,
      cu_id integer not null references customers (cu_id),
      pr_id integer not null references projects (pr_id),
      code text not null,
      bands jsonb not null,
      updated_by integer references users (uid),
      updated_at timestamptz not null default now(),
      unique (pr_id, code)
    );

    alter table inventory
      add column hold text not null default 'none' check (hold in ('none', 'on_hold', 'quarantined')),
      add column origin_order_id integer references orders (id),
      add column origin_goods_id integer unique references order_goods (id);

    alter table inventory_movements drop constraint inventory_movements_kind_check;
    alter table inventory_movements add constraint inventory_movements_kind_check
      check (kind in ('inbound', 'reserve', 'release', 'outbound', 'return', 'adjust', 'write_off'));

    create table excursion_cases (
      id serial primary key,
      cu_id integer not null references customers (cu_id),
      order_id integer not null references orders (id),
      pr_id integer references projects (pr_id),
      logger_id text not null,
      seq integer not null default 1,
      state text not null default 'open' check (state in ('open', 'assessment', 'decided', 'closed')),
      level text not null check (level in ('low', 'medium', 'high')),
      budget text not null default 'none' check (budget in ('within', 'over', 'none')),
      minutes_out integer not null,
      peak numeric(7, 2) not null,
      opened_at timestamptz not null,
      assignee_uid integer references users (uid),
      decision text check (decision in ('release', 'quarantine', 'destroy', 'return')),
      decision_reason text,
      decided_by integer references users (uid),
      decided_by_name text,
      decided_at timestamptz,
      signature_id integer references signatures (id),
      minutes_at_decision integer,
      closed_at timestamptz,
      closed_by text,
      updated_at timestamptz not null default now(),
      unique (order_id, logger_id, seq),
      check ((state in ('decided', 'closed')) = (decision is not null))
    );
    create index excursion_cases_customer on excursion_cases (cu_id, state, opened_at);

    create table excursion_lines (
      case_id integer not null references excursion_cases (id),
      goods_id integer not null references order_goods (id),
      in_id integer references inventory (in_id),
      primary key (case_id, goods_id)
    );

    create table excursion_notes (
      id bigserial primary key,
      case_id integer not null references excursion_cases (id),
      at timestamptz not null,
      kind text not null check (kind in ('opened', 'assigned', 'comment', 'decided', 'closed', 'readings')),
      uid integer references users (uid),
      author text not null default '',
      text text not null default '',
      file_id integer
    );
    create index excursion_notes_case on excursion_notes (case_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table excursion_notes;
    drop table excursion_lines;
    drop table excursion_cases;
    delete from inventory_movements where kind = 'write_off';
    alter table inventory_movements drop constraint inventory_movements_kind_check;
    alter table inventory_movements add constraint inventory_movements_kind_check
      check (kind in ('inbound', 'reserve', 'release', 'outbound', 'return', 'adjust'));
    alter table inventory drop column hold, drop column origin_order_id, drop column origin_goods_id;
    drop table stability_budgets;
  `.execute(db);
}
