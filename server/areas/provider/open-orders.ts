import type { OpenOrdersAnswer } from '../../../src/contract/provider/schemas.ts';
import type { DB } from '../../db/database.ts';
import { cityOf } from '../master-data/region-names.ts';

/** The orders waiting for confirmation or in progress, oldest change first (`provider/open-orders`). */
export async function openOrders(db: DB, limit: number): Promise<OpenOrdersAnswer> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('regions as f', 'f.region_id', 'orders.from_city_id')
    .leftJoin('regions as fp', 'fp.region_id', 'f.parent_id')
    .leftJoin('regions as t', 't.region_id', 'orders.to_city_id')
    .leftJoin('regions as tp', 'tp.region_id', 't.parent_id')
    .select([
      'orders.id',
      'orders.order_no',
      'orders.status',
      'orders.milestone',
      'orders.temp_class',
      'orders.excursion',
      cityOf('f', 'fp').as('from_city'),
      cityOf('t', 'tp').as('to_city'),
    ])
    .where('orders.status', 'in', ['pending_confirm', 'not_finished'])
    .orderBy('orders.updated_at')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
  const ids = rows.map((r) => r.id);
  const boxes = ids.length
    ? await db
        .selectFrom('order_boxes')
        .select(['order_id', 'logger_id'])
        .where('order_id', 'in', ids)
        .where('logger_id', '<>', '')
        .orderBy('id')
        .execute()
    : [];
  const requests = ids.length
    ? await db
        .selectFrom('order_modifications')
        .select(['order_id', 'id', 'kind'])
        .where('order_id', 'in', ids)
        .where('status', '=', 'pending')
        .execute()
    : [];
  return {
    list: rows.map(({ id, from_city, to_city, ...r }) => {
      const request = requests.find((m) => m.order_id === id);
      return {
        ...r,
        from_city: from_city ?? '',
        to_city: to_city ?? '',
        loggers: boxes.filter((b) => b.order_id === id).map((b) => b.logger_id),
        modification: request ? { id: request.id, kind: request.kind } : null,
      };
    }),
  };
}
