import { Code } from '../../../src/contract/codes.ts';
import type { OrderStatus } from '../../../src/contract/orders/domain.ts';
import { ApiError, invalidField } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction } from '../audit/trail.ts';
import type { Signer } from '../../core/signer.ts';
import { releaseAll } from '../inventory/reservations.ts';
import { orderContent } from '../signatures/content.ts';
import { recordSignature } from '../signatures/record.ts';
import { canApprove, type Viewer } from './detail.ts';
import { type Actor, applyTransition, conflictWithCurrent, lockOrder } from './write.ts';

/**
 * `customer-order/auditing`: signed by the approver (the route checked the signature's password;
 * the signature is stored with the order's content hash and named by the event), an approver of the customer (user_customers.can_approve; 403
 * otherwise) passes an order pending approval (→ `pending_confirm`) or rejects it with a reason
 * (→ `cancelled`). A stale version, or an order no longer pending approval, answers 409 with the
 * order as it is now in `data`.
 */
export async function auditOrder(
  db: DB,
  viewer: Viewer,
  input: { id: number; pass: boolean; reason: string; version: number },
  actor: Actor,
  signer: Signer,
  now: Date,
): Promise<{ id: number; status: OrderStatus; version: number }> {
  const reason = input.reason.trim();
  return auditedTransaction(db, now, async (trx, audit) => {
    const order = await lockOrder(trx, viewer.cuId, input.id);
    if (!(await canApprove(trx, viewer)))
      throw new ApiError(Code.forbidden, 'You may not approve orders of this customer');
    if (order.version !== input.version)
      throw await conflictWithCurrent(
        trx,
        viewer,
        order.id,
        'The order has changed meanwhile; here is its current state',
      );
    if (order.status !== 'pending_approval')
      throw await conflictWithCurrent(trx, viewer, order.id, 'This order is not pending approval');
    if (!input.pass && !reason) throw invalidField('reason', 'A reason is required to reject an order');
    // the approver signs the order as it is (Part 11 §11.70): an edit after it voids the approval
    const signature = await recordSignature(
      trx,
      signer,
      {
        cuId: order.cu_id,
        recordType: 'order',
        recordId: order.id,
        version: order.version,
        content: await orderContent(trx, order.id),
      },
      now,
    );
    const signed = { signatureId: signature.id, changes: [signature.change] };
    if (input.pass) return applyTransition(trx, order, 'approve', { actor, now, audit, reason, ...signed });
    const rejected = await applyTransition(trx, order, 'reject', {
      actor,
      now,
      audit,
      reason,
      fields: { cancel_reason: reason },
      ...signed,
    });
    // a rejected order is cancelled: what it held of the stock is free again
    await releaseAll(trx, order, now);
    return rejected;
  });
}
