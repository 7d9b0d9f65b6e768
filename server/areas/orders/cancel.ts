import { Code } from '../../../src/contract/codes.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { releaseAll } from '../inventory/reservations.ts';
import { allowedFrom } from './transitions.ts';
import { type Actor, applyTransition, lockOrders } from './write.ts';

/**
 * `customer-order/cancel`: all or none. Every id must be the customer's (404 otherwise) and
 * still open (409 naming the others); then each is cancelled with the reason and its own event.
 * What each order held of the stock is released (inventory/reservations.ts).
 */
export async function cancelOrders(
  db: DB,
  cuId: number | null,
  input: { ids: number[]; reason: string },
  actor: Actor,
  now: Date,
): Promise<{ ids: number[] }> {
  return auditedTransaction(db, now, async (trx, audit) => {
    const orders = await lockOrders(trx, cuId, input.ids);
    const refused = orders.filter((o) => !allowedFrom('cancel').includes(o.status));
    if (refused.length > 0)
      throw new ApiError(
        Code.conflict,
        'Only orders pending approval or confirmation can be cancelled: {orders}',
        null,
        { params: { orders: refused.map((o) => o.order_no).join(', ') } },
      );
    for (const order of orders) {
      await applyTransition(trx, order, 'cancel', {
        actor,
        now,
        audit,
        reason: input.reason,
        fields: { cancel_reason: input.reason },
      });
      await releaseAll(trx, order, now);
    }
    return { ids: orders.map((o) => o.id) };
  });
}
