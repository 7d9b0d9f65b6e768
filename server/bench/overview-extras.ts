import { sql } from 'kysely';
import type { DB } from '../db/database.ts';

/**
 * What the home page's overview reads besides the orders, for the customers a benchmark measures
 * (`npm run bench:overview`), made by a few insert … select statements:
 *
 * - readings: 96 per moving order (`not_finished`, picked up or later), every 15 minutes over
 *   two loggers, around the middle of the class's range;
 * - modification requests on 3 % of the orders of the last 30 days, answered (accepted or
 *   rejected) a few hours to 20 days later, and a pending one on 1 %;
 * - 30 drafts of user `uid` in each customer;
 * - 300 stock lines per customer, a third with a reorder level (some at or below it), expiries
 *   spread over the next two years (some within 30 days, some expired).
 */
export async function generateOverviewExtras(db: DB, cuIds: number[], uid: number, now: Date): Promise<void> {
  await sql`
    insert into order_readings (order_id, logger_id, at, celsius)
    select o.id, 'LG-' || l, o.created_at + interval '1 day' + s * interval '15 minutes',
      case o.temp_class when 'ambient' then 20 when 'chilled' then 5 when 'frozen' then -20
        when 'deep_frozen' then -70 else -170 end + ((o.id + s) % 7 - 3) * 0.3
    from orders o, generate_series(1, 2) l, generate_series(0, 47) s
    where o.cu_id = any(${cuIds}) and o.status = 'not_finished'
      and o.milestone in ('picked_up', 'in_transit', 'out_for_delivery')
  `.execute(db);
  await sql`
    insert into order_modifications (order_id, kind, changes, reason, status, answer, requested_at, answered_at)
    select o.id, 'change', '{"remark":"bench"}'::jsonb, '改期',
      case when o.id % 3 = 0 then 'pending' when o.id % 2 = 0 then 'accepted' else 'rejected' end,
      case when o.id % 3 = 0 then '' else '已处理' end,
      o.created_at + interval '2 hours',
      case when o.id % 3 = 0 then null
        else least(${now}::timestamptz, o.created_at + (o.id % 480) * interval '1 hour') end
    from orders o
    where o.cu_id = any(${cuIds}) and o.created_at > ${now}::timestamptz - interval '30 days'
      and o.id % 100 < 4
  `.execute(db);
  await sql`
    insert into order_drafts (uid, cu_id, mode, idempotency_key, data, to_company, goods_count, saved_at)
    select ${uid}, c, 'new', 'bench-' || c || '-' || d, '{}'::jsonb, '草稿医院', 1 + d % 4,
      ${now}::timestamptz - d * interval '7 hours'
    from unnest(${cuIds}::int[]) c, generate_series(1, 30) d
  `.execute(db);
  await sql`
    insert into inventory (cu_id, goods_type, code, name, unit, batch_no, expiry, quantity, reserved,
      depot, temp_class, low_level)
    select c, 1, 'IP-' || i, '试验药品' || i, '盒', 'B' || i,
      (${now}::timestamptz at time zone 'Asia/Shanghai')::date + (i * 37 % 760 - 30),
      (i * 53) % 400, (i * 53) % 400 / 4, '上海中心仓', 'chilled',
      case when i % 3 = 0 then 60 + i % 90 end
    from unnest(${cuIds}::int[]) c, generate_series(1, 300) i
  `.execute(db);
  await sql`analyze order_readings; analyze order_modifications; analyze order_drafts; analyze inventory`.execute(
    db,
  );
}
