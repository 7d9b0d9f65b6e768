import type { Remark } from '../../../src/contract/orders/schemas.ts';
import type { DB } from '../../db/database.ts';
import { loadOrder } from './detail.ts';
import { redactorOf } from './redaction.ts';
import type { Actor } from './write.ts';

/** `customer-order/remark`: a remark or feedback on any of the customer's orders, in any status. */
export async function addRemark(
  db: DB,
  cuId: number | null,
  input: { id: number; text: string; kind: Remark['kind'] },
  actor: Actor,
  now: Date,
): Promise<Remark> {
  const order = await loadOrder(db, cuId, input.id);
  const row = await db
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
  const redact = await redactorOf(db, order);
  return { ...row, text: redact.text(row.text, 'customer'), at: new Date(row.at).toISOString() };
}
