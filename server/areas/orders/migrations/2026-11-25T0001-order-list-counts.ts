import { type Kysely, sql } from 'kysely';

/**
 * The order list at a million orders (`npm run bench:orders`, docs/api.md "Order benchmark"):
 *
 * - `order_counts`: how many orders a customer has per project, type, class, excursion, document
 *   state and status, with each project's and the customer's totals per status, overall and
 *   per creation day, kept by a trigger in the writing transaction (so always exact). The list's
 *   tab counts follow every filter but the status; without a keyword or dates they are a sum over
 *   this table's few thousand rows instead of a count over every order of the customer (a scan of
 *   500,000 index entries took 200–400 ms). Dates are served for the totals (with or without a
 *   project), not with the other filters.
 * - `orders_list` and `orders_project` carry `status` (and `orders_project` the id that breaks
 *   ties), so the counts of a date range or a project with dates are index-only scans instead of
 *   a heap fetch per order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table order_counts (
      cu_id integer not null,
      pr_id integer not null,
      order_type text not null,
      temp_class text not null,
      excursion text not null,
      attachment_status text not null,
      status text not null,
      day date not null,
      n integer not null,
      primary key (cu_id, pr_id, order_type, temp_class, excursion, attachment_status, status, day)
    );

    -- one order counts in five rows: its own combination; its project's total ('*' for the
    -- other dimensions); the customer's total (project -1); and those two totals on its creation
    -- day in China (undated rows have day -infinity). A filter by project, dates or both, or none,
    -- sums at most five rows per day.
    create function order_counts_bump(o orders, delta integer) returns void language plpgsql as $$
    declare
      d date := (o.created_at at time zone 'Asia/Shanghai')::date;
      pr integer := coalesce(o.pr_id, 0);
    begin
      insert into order_counts
      values (o.cu_id, pr, o.order_type, o.temp_class, o.excursion, o.attachment_status, o.status, '-infinity', delta),
        (o.cu_id, pr, '*', '*', '*', '*', o.status, '-infinity', delta),
        (o.cu_id, -1, '*', '*', '*', '*', o.status, '-infinity', delta),
        (o.cu_id, pr, '*', '*', '*', '*', o.status, d, delta),
        (o.cu_id, -1, '*', '*', '*', '*', o.status, d, delta)
      on conflict (cu_id, pr_id, order_type, temp_class, excursion, attachment_status, status, day)
      do update set n = order_counts.n + excluded.n;
    end $$;

    create function order_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (old.cu_id, old.pr_id, old.order_type, old.temp_class, old.excursion,
          old.attachment_status, old.status, old.created_at) is not distinct from (new.cu_id,
          new.pr_id, new.order_type, new.temp_class, new.excursion, new.attachment_status,
          new.status, new.created_at) then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then perform order_counts_bump(old, -1); end if;
      if tg_op in ('INSERT', 'UPDATE') then perform order_counts_bump(new, 1); end if;
      return null;
    end $$;

    create trigger orders_counts after insert or update or delete on orders
      for each row execute function order_counts_apply();

    insert into order_counts
    select cu_id, coalesce(pr_id, 0), order_type, temp_class, excursion, attachment_status, status,
      '-infinity'::date, count(*)
    from orders group by 1, 2, 3, 4, 5, 6, 7;
    insert into order_counts
    select cu_id, coalesce(pr_id, 0), '*', '*', '*', '*', status, '-infinity'::date, count(*)
    from orders group by 1, 2, 7;
    insert into order_counts
    select cu_id, -1, '*', '*', '*', '*', status, '-infinity'::date, count(*) from orders group by 1, 7;
    insert into order_counts
    select cu_id, coalesce(pr_id, 0), '*', '*', '*', '*', status,
      (created_at at time zone 'Asia/Shanghai')::date, count(*)
    from orders group by 1, 2, 7, 8;
    insert into order_counts
    select cu_id, -1, '*', '*', '*', '*', status, (created_at at time zone 'Asia/Shanghai')::date, count(*)
    from orders group by 1, 7, 8;

    create index orders_list_status on orders(cu_id, created_at desc, id desc) include (status);
    drop index orders_list;
    alter index orders_list_status rename to orders_list;
    create index orders_project_status on orders(cu_id, pr_id, created_at desc, id desc) include (status);
    drop index orders_project;
    alter index orders_project_status rename to orders_project;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger orders_counts on orders;
    drop function order_counts_apply();
    drop function order_counts_bump(orders, integer);
    drop table order_counts;
    create index orders_list_plain on orders(cu_id, created_at desc, id desc);
    drop index orders_list;
    alter index orders_list_plain rename to orders_list;
    create index orders_project_plain on orders(cu_id, pr_id, created_at desc);
    drop index orders_project;
    alter index orders_project_plain rename to orders_project;
  `.execute(db);
}
