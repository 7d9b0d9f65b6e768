import type { Remark } from '../../../src/contract/orders/schemas.ts';
import type { DB } from '../../db/database.ts';
import { loadOrder } from './detail.ts';
import { redactorOf } from './redaction.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { type Actor, auditActor } from './write.ts';

/** `customer-order/remark`: a remark or feedback on any of the customer's orders, in any status. */
export async function addRemark(
  db: DB,
  cuId: number | null,
  input: { id: number; text: string; kind: Remark['kind'] },
  actor: Actor,
  now: Date,
): Promise<Remark> {
  const order = await loadOrder(db, cuId, input.id);
  const row = await auditedTransaction(db, now, async (trx, audit) => {
    const added = await trx
      .insertInto('order_remarks')
      .values({
        order_id: order.id,
        kind: input.kind,
        uid: actor.uid,
        author: actor.name,
        text: input.text,
        at: now,
      })
      .returning(['id', 'kind', 'author', 'text', 'at'])
      .executeTakeFirstOrThrow();
    audit.record({
      cuId: order.cu_id,
      recordType: 'order',
      recordId: order.id,
      action: input.kind,
      actor: auditActor(actor),
      changes: [{ field: `remarks.${added.id}`, old: null, new: input.text }],
    });
    return added;
  });
  const redact = await redactorOf(db, order);
  return { ...row, text: redact.text(row.text, 'customer'), at: new Date(row.at).toISOString() };
}
