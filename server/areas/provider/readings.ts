import { Code } from '../../../src/contract/codes.ts';
import { EXCURSION_LEVELS } from '../../../src/contract/orders/domain.ts';
import type { ReadingsRequest, StoredAnswer } from '../../../src/contract/provider/schemas.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { syncCase } from '../excursions/cases.ts';
import { recomputeExcursion } from '../orders/excursion.ts';
import { lockOrder, providerEvent, recordAct, refused, stateOf } from './order-lock.ts';

/**
 * `provider/readings`: a logger's readings stored once each (a repeated batch adds nothing), the
 * order's excursion recomputed, and the logger's excursion case opened or kept current
 * (excursions/cases.ts `syncCase`), all in one transaction with the order locked. Readings are
 * data, not a transition: they keep the version (a customer's pending edit stays valid) and log
 * an event only when the excursion level rises. The demo seed stores its readings here too.
 */
export function storeReadings(
  db: DB,
  input: Pick<ReadingsRequest, 'order_no' | 'logger_id' | 'readings'>,
  now: Date,
): Promise<StoredAnswer> {
  return auditedTransaction(db, now, async (trx, audit) => {
    const order = await lockOrder(trx, input.order_no);
    if (order.status !== 'not_finished' && order.status !== 'finished')
      throw refused(order, 'Readings are taken only for an order in progress or finished');
    const loggers = await trx
      .selectFrom('order_boxes')
      .select('logger_id')
      .where('order_id', '=', order.id)
      .where('logger_id', '<>', '')
      .execute();
    if (loggers.length > 0 && !loggers.some((b) => b.logger_id === input.logger_id))
      throw new ApiError(Code.invalid, "This logger is not in the order's boxes", null, {
        fields: { logger_id: "This logger is not in the order's boxes" },
      });
    const inserted = await trx
      .insertInto('order_readings')
      .values(
        input.readings.map((r) => ({
          order_id: order.id,
          logger_id: input.logger_id,
          at: new Date(r.at),
          celsius: r.celsius,
        })),
      )
      .onConflict((oc) => oc.columns(['order_id', 'logger_id', 'at']).doNothing())
      .returning('at')
      .execute();
    const before = order.excursion;
    const after = (await recomputeExcursion(trx, order.id)) ?? before;
    const opened = inserted.length > 0 ? await syncCase(trx, order, input.logger_id, now, audit) : null;
    if (EXCURSION_LEVELS.indexOf(after) > EXCURSION_LEVELS.indexOf(before))
      await providerEvent(trx, order, {
        kind: 'reading_excursion',
        at: now,
        operator: '',
        reason: `${input.logger_id}: ${after}`,
      });
    if (inserted.length > 0 || after !== before)
      recordAct(order, {
        audit,
        action: 'readings',
        operator: '',
        changes: [
          { field: 'readings', old: null, new: { logger_id: input.logger_id, stored: inserted.length } },
          ...(after !== before ? [{ field: 'excursion', old: before, new: after }] : []),
        ],
      });
    return {
      ...stateOf({ ...order, excursion: after }),
      stored: inserted.length,
      ...(opened ? { case_no: opened.case_no } : {}),
    };
  });
}
