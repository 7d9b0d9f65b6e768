import { Code } from '../../../src/contract/codes.ts';
import { caseNo } from '../../../src/contract/excursions/domain.ts';
import type { ProviderDecision } from '../../../src/contract/excursions/schemas.ts';
import { ApiError, notFound } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction, providerActor } from '../audit/trail.ts';
import { lockOrder } from '../orders/lock.ts';

/**
 * The provider's side of the decisions (signed calls): which decided cases it has to carry out
 * (release the goods at the destination, keep them quarantined, destroy them, bring them back),
 * and its report that it did, which closes the case.
 */

async function decisionOf(db: DB, caseId: number): Promise<ProviderDecision> {
  const c = await db
    .selectFrom('excursion_cases as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select([
      'c.id',
      'o.order_no',
      'c.logger_id',
      'c.state',
      'c.decision',
      'c.decision_reason',
      'c.decided_by_name',
      'c.decided_at',
    ])
    .where('c.id', '=', caseId)
    .executeTakeFirstOrThrow();
  const goods = await db
    .selectFrom('excursion_lines as l')
    .innerJoin('order_goods as g', 'g.id', 'l.goods_id')
    .leftJoin('inventory as i', 'i.in_id', 'l.in_id')
    .select(['g.code', 'g.name', 'g.batch_no', 'g.quantity', 'g.unit', 'i.depot'])
    .where('l.case_id', '=', caseId)
    .orderBy('g.id')
    .execute();
  return {
    case_no: caseNo(c.id),
    order_no: c.order_no,
    logger_id: c.logger_id,
    state: c.state,
    decision: c.decision ?? 'quarantine',
    reason: c.decision_reason ?? '',
    decided_by: c.decided_by_name ?? '',
    decided_at: new Date(c.decided_at ?? 0).toISOString(),
    goods: goods.map((g) => ({
      code: g.code,
      name: g.name,
      batch_no: g.batch_no,
      quantity: Number(g.quantity),
      unit: g.unit,
      depot: g.depot ?? '',
    })),
  };
}

/** `provider/excursion-decisions`: decided, not yet closed, oldest decision first. */
export async function providerDecisions(db: DB, limit: number): Promise<{ list: ProviderDecision[] }> {
  const ids = await db
    .selectFrom('excursion_cases')
    .select('id')
    .where('state', '=', 'decided')
    .orderBy('decided_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const list: ProviderDecision[] = [];
  for (const { id } of ids) list.push(await decisionOf(db, id));
  return { list };
}

const idOf = (no: string) => Number(no.slice(4));

/** `provider/excursion-close`: a decided case closed by the provider's report (409 when not decided). */
export function providerClose(
  db: DB,
  input: { case_no: string; operator: string; note: string },
  now: Date,
): Promise<ProviderDecision> {
  const id = idOf(input.case_no);
  return auditedTransaction(db, now, async (trx, audit) => {
    const found = await trx
      .selectFrom('excursion_cases')
      .select('order_id')
      .where('id', '=', Number.isSafeInteger(id) && id < 2 ** 31 ? id : 0)
      .executeTakeFirst();
    if (!found) throw notFound('No such excursion case');
    await lockOrder(trx, { ids: [found.order_id] });
    const c = await trx
      .selectFrom('excursion_cases')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (c.state !== 'decided')
      throw new ApiError(
        Code.conflict,
        c.state === 'closed' ? 'This case is closed' : 'Only a decided case can be closed',
        await decisionOf(trx, id),
      );
    const actor = providerActor(input.operator);
    await trx
      .updateTable('excursion_cases')
      .set({ state: 'closed', closed_at: now, closed_by: actor.name, updated_at: now })
      .where('id', '=', id)
      .execute();
    await trx
      .insertInto('excursion_notes')
      .values({ case_id: id, at: now, kind: 'closed', author: actor.name, text: input.note })
      .execute();
    audit.record({
      cuId: c.cu_id,
      recordType: 'excursion',
      orderId: c.order_id,
      recordId: id,
      action: 'close',
      actor,
      reason: input.note || null,
      changes: [{ field: 'state', old: 'decided', new: 'closed' }],
    });
    return decisionOf(trx, id);
  });
}
