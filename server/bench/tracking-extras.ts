import { sql } from 'kysely';
import type { DB } from '../db/database.ts';

/**
 * The order log and the track the order list reads for "where is it now"
 * (server/areas/orders/where-now.ts), for the customers a benchmark measures (`npm run
 * bench:orders`), made by a few insert … select statements:
 *
 * - every order's `created` event and, every tenth, a remark and a print: the log holds more than
 *   the tracking events the list picks out of it;
 * - the provider's tracking events up to the order's milestone (confirmed, picked up, in transit,
 *   out for delivery, delivered, with places) and `signed` for a finished order, hours apart
 *   after its creation;
 * - 240 track points (one every 6 minutes over a day) for each order on the road.
 */
export async function generateTrackingExtras(db: DB, cuIds: number[]): Promise<void> {
  await sql`
    insert into order_events (order_id, at, kind, actor_kind, actor_name, location)
    select o.id, o.created_at, 'created', 'customer', '下单人', ''
    from orders o where o.cu_id = any(${cuIds})
  `.execute(db);
  await sql`
    insert into order_events (order_id, at, kind, actor_kind, actor_name, location)
    select o.id, o.created_at + k.n * interval '3 hours', k.kind, 'customer', '下单人', ''
    from orders o, (values (1, 'remark'), (2, 'printed')) k(n, kind)
    where o.cu_id = any(${cuIds}) and o.id % 10 = 0
  `.execute(db);
  await sql`
    insert into order_events (order_id, at, kind, actor_kind, actor_name, location)
    select o.id, o.created_at + interval '2 hours' + s.n * interval '5 hours', s.kind, 'provider', '司机 马强', s.place
    from orders o
    cross join lateral (values
      (0, 'confirmed', ''),
      (1, 'picked_up', '上海市浦东新区 外高桥仓库'),
      (2, 'in_transit', '上海—北京 干线运输'),
      (3, 'out_for_delivery', '北京 配送站'),
      (4, 'delivered', '北京协和医院 药剂科'),
      (5, 'signed', '')
    ) s(n, kind, place)
    where o.cu_id = any(${cuIds}) and s.n <= case o.milestone
      when 'confirmed' then 0 when 'picked_up' then 1 when 'in_transit' then 2
      when 'out_for_delivery' then 3
      when 'delivered' then case when o.status = 'finished' then 5 else 4 end
      else -1 end
  `.execute(db);
  await sql`
    insert into order_track (order_id, at, lat, lng)
    select o.id, o.created_at + interval '7 hours' + p * interval '6 minutes',
      31.23 + p * 0.02, 121.47 - p * 0.01
    from orders o, generate_series(0, 239) p
    where o.cu_id = any(${cuIds}) and o.status = 'not_finished'
      and o.milestone in ('picked_up', 'in_transit', 'out_for_delivery')
  `.execute(db);
  await sql`analyze order_events; analyze order_track`.execute(db);
}
