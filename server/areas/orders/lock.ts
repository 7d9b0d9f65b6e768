import type { Row } from '../../db/schema.ts';
import type { DB } from '../../db/database.ts';
import { type AuditBuffer, auditedTransaction } from '../audit/trail.ts';

/** Which orders to lock: by id (of a customer, when `cuId` is given) or by order number. */
export type OrderLockTarget = { ids: readonly number[]; cuId?: number } | { orderNo: string };

/**
 * Locks orders for the caller's transaction and answers their rows (ascending id; fewer than
 * asked when some do not exist or are another customer's: the caller answers 404).
 *
 * The lock order of every write (docs/decisions/lock-order.md): **the order rows first**, as the
 * transaction's first statement, in ascending id; then the order's children (attachments, events,
 * goods, files, modification requests, links); then stock lines in ascending id. A child row
 * inserted before the order is locked takes a KEY SHARE lock on the order (its foreign key), and
 * two such transactions then wait on each other's KEY SHARE to lock the order: a deadlock.
 *
 * `FOR NO KEY UPDATE`, the lock an `update` of the order's columns takes anyway: it keeps two
 * writers of one order apart, and lets a lone child insert elsewhere (a remark, a reading) pass
 * without waiting (no order's key is ever changed, and orders are not deleted).
 */
export async function lockOrders(trx: DB, target: OrderLockTarget): Promise<Row<'orders'>[]> {
  let query = trx.selectFrom('orders').selectAll();
  if ('orderNo' in target) query = query.where('order_no', '=', target.orderNo);
  else {
    if (target.ids.length === 0) return [];
    query = query.where('id', 'in', [...target.ids]);
    if (target.cuId !== undefined) query = query.where('cu_id', '=', target.cuId);
  }
  return query.orderBy('id').forNoKeyUpdate().execute();
}

/** The one order of `target`, locked (lockOrders), or undefined when there is none. */
export async function lockOrder(trx: DB, target: OrderLockTarget): Promise<Row<'orders'> | undefined> {
  const [order] = await lockOrders(trx, target);
  return order;
}

/**
 * Runs `work` in a new transaction that first locks the order of `target` (lockOrders): the way
 * a write of one order and its children starts. `missing` is thrown when there is no such order
 * (nothing is written). What `work` records in `audit` is appended as the transaction's last step
 * (audit/trail.ts), at `now`.
 */
export function withOrderLocked<T>(
  db: DB,
  target: OrderLockTarget,
  missing: () => Error,
  work: (trx: DB, order: Row<'orders'>, audit: AuditBuffer) => Promise<T>,
  now: Date,
): Promise<T> {
  return auditedTransaction(db, now, async (trx, audit) => {
    const order = await lockOrder(trx, target);
    if (!order) throw missing();
    return work(trx, order, audit);
  });
}
