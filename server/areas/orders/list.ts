import type { OrderType } from '../../../src/contract/orders/domain.ts';
import type { OrderList } from '../../../src/contract/orders/schemas.ts';
import type { DB } from '../../db/database.ts';
import { countOrders, filteredOrders, type OrderFilter, sortOrders } from './list-query.ts';
import { selectOrderRows, toOrderRow } from './rows.ts';

const EMPTY: OrderList = {
  list: [],
  total: 0,
  counts: { all: 0, pending_approval: 0, pending_confirm: 0, not_finished: 0, finished: 0, cancelled: 0 },
};

/**
 * A page of the customer's orders (`customer-order/index`): the rows of the status tab under
 * every filter, sorted and paged by `start` and `limit`, with the counts per tab (every filter but
 * the status). `only` fixes the order type (the customized and destroy lists). A session without a
 * customer has no orders.
 */
export async function listOrders(
  db: DB,
  cuId: number | null,
  query: OrderFilter,
  only?: OrderType,
): Promise<OrderList> {
  if (cuId === null) return EMPTY;
  const filter = only ? { ...query, order_type: only } : query;
  const counts = await countOrders(db, cuId, filter);
  const total = filter.status === 'all' ? counts.all : counts[filter.status];
  if (total === 0 || query.start >= total) return { list: [], total, counts };
  const page = sortOrders(filteredOrders(db, cuId, filter), filter.sort)
    .limit(query.limit)
    .offset(query.start);
  const rows = await selectOrderRows(page).execute();
  return { list: rows.map(toOrderRow), total, counts };
}
