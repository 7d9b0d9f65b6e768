import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { nextSequenceValues, orderDay, orderDigits, orderNumberKey } from '../areas/orders/order-numbers.ts';

/**
 * `count` copies of order `sourceId` (same customer, parties and lines; new numbers), made by one
 * insert…select each for orders, goods and boxes: thousands of orders in a moment, for tests of
 * large exports and for benchmarks. `created_at` steps back one second per copy from `from`.
 */
export async function cloneOrders(
  db: DB,
  sourceId: number,
  count: number,
  from: Date = new Date(),
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    // new numbers as insertOrder makes them (server/areas/orders/order-numbers.ts)
    const key = await orderNumberKey(trx);
    const digits = (await nextSequenceValues(trx, count)).map((n) => orderDigits(key, n));
    const { rows } = await sql<{ id: number }>`
      insert into orders (order_no, cu_id, pr_id, order_type, status, is_dtp, to_goodstype, temp_class,
        from_company, from_contact, from_phone, from_address, from_city_id,
        to_company, to_contact, to_phone, to_address, to_city_id, ho_id, pickup_at, deliver_by,
        sign_name, signed_at, remark, milestone, excursion, attachment_status, search_text,
        created_by, created_at, updated_at)
      select 'LP' || ${orderDay(from)} || (${digits}::text[])[g],
        o.cu_id, o.pr_id, o.order_type, o.status, o.is_dtp, o.to_goodstype, o.temp_class,
        o.from_company, o.from_contact, o.from_phone, o.from_address, o.from_city_id,
        o.to_company, o.to_contact, o.to_phone, o.to_address, o.to_city_id, o.ho_id, o.pickup_at,
        o.deliver_by, o.sign_name, o.signed_at, o.remark, o.milestone, o.excursion, o.attachment_status,
        o.search_text, o.created_by,
        ${from}::timestamptz - make_interval(secs => g), ${from}::timestamptz - make_interval(secs => g)
      from orders o, generate_series(1, ${count}) g
      where o.id = ${sourceId}
      returning id
    `.execute(trx);
    const ids = rows.map((r) => r.id);
    const first = ids.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
    const last = ids.reduce((a, b) => Math.max(a, b), 0);
    await sql`
      insert into order_goods (order_id, in_id, goods_type, code, name, spec, batch_no, expiry, quantity, unit)
      select n.id, g.in_id, g.goods_type, g.code, g.name, g.spec, g.batch_no, g.expiry, g.quantity, g.unit
      from orders n join order_goods g on g.order_id = ${sourceId}
      where n.id between ${first} and ${last}
    `.execute(trx);
    await sql`
      insert into order_boxes (order_id, box_type, logger_id, weight_kg)
      select n.id, b.box_type, b.logger_id, b.weight_kg
      from orders n join order_boxes b on b.order_id = ${sourceId}
      where n.id between ${first} and ${last}
    `.execute(trx);
    return ids;
  });
}
