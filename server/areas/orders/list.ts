import type { OrderType } from '../../../src/contract/orders/domain.ts';
import type { OrderList } from '../../../src/contract/orders/schemas.ts';
import type { DB } from '../../db/database.ts';
import {
  type CountedOrders,
  countOrders,
  ORDER_COUNT_CAP,
  type OrderFilter,
  orderPage,
  withKeywordNames,
} from './list-query.ts';
import { type ListRowRecord, selectListRows, toListRows } from './where-now.ts';

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
 *
 * Each row says where the order is now at `query.now` (where-now.ts: last event, place, estimated
 * arrival, at risk).
 *
 * Counts over more than `cap` matching orders stop there (`counts_capped: true`, list-query.ts
 * `countOrders`); the pages are still served from any `start`, and `total` is then at least the
 * tab's count and covers the rows sent.
 */
export async function listOrders(
  db: DB,
  cuId: number | null,
  query: OrderFilter & { now?: Date },
  only?: OrderType,
  cap: number = ORDER_COUNT_CAP,
): Promise<OrderList> {
  if (cuId === null) return EMPTY;
  const filter = only ? { ...query, order_type: only } : query;
  const tab = ({ counts }: CountedOrders) => (filter.status === 'all' ? counts.all : counts[filter.status]);
  let counted: CountedOrders;
  let rows: ListRowRecord[];
  if (!filter.keyword.trim()) {
    // The page's shape does not hang on the count: both statements at once (PostgreSQL runs them
    // on two connections; PGlite one after the other).
    [counted, rows] = await Promise.all([
      countOrders(db, cuId, filter, cap),
      selectListRows(orderPage(db, cuId, filter, { count: 0, capped: false })).execute(),
    ]);
  } else {
    // the projects, sites and cities whose names hold the keyword, then the orders
    const named = await withKeywordNames(db, cuId, filter);
    counted = await countOrders(db, cuId, named, cap);
    const total = tab(counted);
    if (!counted.capped && (total === 0 || query.start >= total))
      return { list: [], total, counts: counted.counts };
    rows = await selectListRows(
      orderPage(db, cuId, named, { count: total, capped: counted.capped }),
    ).execute();
  }
  // where each order is now, at the request's time (where-now.ts)
  const list = await toListRows(db, rows, query.now ?? new Date());
  const { counts, capped } = counted;
  if (!capped) return { list, total: tab(counted), counts };
  return { list, total: Math.max(tab(counted), query.start + list.length), counts, counts_capped: true };
}
