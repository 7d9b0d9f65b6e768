import { type Kysely, sql } from 'kysely';

/**
 * What `npm run bench:overview` showed at 1 M orders (EXPLAIN ANALYZE, loaded machine):
 *
 * - A modification request carries its order's customer (`cu_id`, set by a trigger on insert from
 *   the order, which never changes customer), so the overview reads one customer's answers of
 *   the last days from `order_modifications_answered (cu_id, answered_at desc)` instead of every
 *   customer's answers, each joined to its order to test the customer (~1,400 a fortnight: 15 ms).
 * - `orders_due` carries the id after the delivery time: "the first late orders" (`deliver_by`,
 *   then id) is the index's order, not a sort of every late order (5,400 for the big customer:
 *   4 ms); and the creation time, so the list's page with `due` (newest first) picks its ids
 *   from the index alone before reading their rows (list-query.ts `orderPage`).
 * - `order_counts_days (cu_id, pr_id, day)` over the totals rows: the customer's undated totals
 *   are 5 rows and its last 12 weeks a range, instead of every day of its history (a bitmap of
 *   thousands of rows: 6 ms). Not with `n` included: an index on `n` makes every count's update
 *   a new index entry instead of a heap-only (HOT) update, and the orders written in one
 *   transaction then leave a growing chain of dead entries that each next upsert walks (5,000
 *   cloned orders took 42 s instead of 7).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table order_modifications add column cu_id integer;
    update order_modifications m set cu_id = o.cu_id from orders o where o.id = m.order_id;
    alter table order_modifications alter column cu_id set not null;

    create function order_modifications_customer() returns trigger language plpgsql as $$
    begin
      select cu_id into new.cu_id from orders where id = new.order_id;
      return new;
    end $$;
    create trigger order_modifications_customer before insert on order_modifications
      for each row execute function order_modifications_customer();

    drop index if exists order_modifications_answered;
    create index order_modifications_answered on order_modifications (cu_id, answered_at desc)
      where status <> 'pending';

    drop index orders_due;
    create index orders_due on orders (cu_id, deliver_by, id) include (status, created_at)
      where milestone <> 'delivered' and status not in ('finished', 'cancelled');

    create index order_counts_days on order_counts (cu_id, pr_id, day) include (status)
      where order_type = '*';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index order_counts_days;
    drop index orders_due;
    create index orders_due on orders (cu_id, deliver_by) include (status)
      where milestone <> 'delivered' and status not in ('finished', 'cancelled');
    drop index order_modifications_answered;
    drop trigger order_modifications_customer on order_modifications;
    drop function order_modifications_customer();
    alter table order_modifications drop column cu_id;
  `.execute(db);
}
