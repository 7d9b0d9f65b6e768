import { type Kysely, sql } from 'kysely';

/**
 * The home page's overview (`customer-order/overview`) and the list's `due` filter at a million
 * orders, each a short range of one customer's entries:
 *
 * - `orders_due`: undelivered orders (not delivered, not finished, not cancelled) by delivery
 *   time, with the status: "due today" and "late" are a range of it (index-only counts), and so
 *   are the list's counts with `due`. The predicate is `UNDELIVERED` of list-query.ts word for
 *   word.
 * - `orders_excursion`: `not_finished` orders with an excursion, newest first: the overview's
 *   worst excursions sort these few instead of the customer's moving orders.
 * - `orders_documents`: orders not cancelled per document state, newest first: the documents
 *   page's tabs and the overview's entries read a page of one state without sorting the rest.
 * - `order_readings_newest`: an order's readings newest first over all its loggers (the
 *   overview's charts take the newest 48 of each shown order).
 * - `order_counts` gains the customer's totals per excursion level and document state (project
 *   -2, type and class `*`): at most 80 rows a customer, where the overview's excursion and
 *   document counts (and the list's counts for those two filters alone) read; the detailed rows
 *   they summed are thousands for a big customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index orders_due on orders (cu_id, deliver_by) include (status)
      where milestone <> 'delivered' and status not in ('finished', 'cancelled');
    create index orders_excursion on orders (cu_id, created_at desc, id desc) include (excursion)
      where status = 'not_finished' and excursion <> 'none';
    create index orders_documents on orders (cu_id, attachment_status, created_at desc, id desc)
      where status <> 'cancelled' and attachment_status in ('missing', 'pending', 'rejected');
    create index order_readings_newest on order_readings (order_id, at desc) include (celsius);

    create or replace function order_counts_bump(o orders, delta integer) returns void language plpgsql as $$
    declare
      d date := (o.created_at at time zone 'Asia/Shanghai')::date;
      pr integer := coalesce(o.pr_id, 0);
    begin
      insert into order_counts
      values (o.cu_id, pr, o.order_type, o.temp_class, o.excursion, o.attachment_status, o.status, '-infinity', delta),
        (o.cu_id, pr, '*', '*', '*', '*', o.status, '-infinity', delta),
        (o.cu_id, -1, '*', '*', '*', '*', o.status, '-infinity', delta),
        (o.cu_id, pr, '*', '*', '*', '*', o.status, d, delta),
        (o.cu_id, -1, '*', '*', '*', '*', o.status, d, delta),
        (o.cu_id, -2, '*', '*', o.excursion, o.attachment_status, o.status, '-infinity', delta)
      on conflict (cu_id, pr_id, order_type, temp_class, excursion, attachment_status, status, day)
      do update set n = order_counts.n + excluded.n;
    end $$;

    insert into order_counts
    select cu_id, -2, '*', '*', excursion, attachment_status, status, '-infinity'::date, count(*)
    from orders group by cu_id, excursion, attachment_status, status;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index orders_due;
    drop index orders_excursion;
    drop index orders_documents;
    drop index order_readings_newest;

    create or replace function order_counts_bump(o orders, delta integer) returns void language plpgsql as $$
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

    delete from order_counts where pr_id = -2;
  `.execute(db);
}
