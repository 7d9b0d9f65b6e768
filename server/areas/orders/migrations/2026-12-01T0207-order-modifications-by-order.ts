import { type Kysely, sql } from 'kysely';

/**
 * An order's modification requests by the order, newest first: the view's latest request, the
 * request list (`get-apply-info`) and the redaction of a masked order's free text (the values its
 * requests asked for, server/areas/orders/redaction.ts) read them per order; until now only the
 * pending ones had an index (`order_modifications_open`), the others were a scan of every request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index order_modifications_order on order_modifications (order_id, requested_at desc, id desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index order_modifications_order;`.execute(db);
}
