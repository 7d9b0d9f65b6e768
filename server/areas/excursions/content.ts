import type { CaseLine } from '../../../src/contract/excursions/schemas.ts';
import { caseNo } from '../../../src/contract/excursions/domain.ts';
import type { Row } from '../../db/schema.ts';
import type { Episode } from './analysis.ts';

/**
 * A case's canonical content as a decision signs it (21 CFR Part 11 §11.70: the signature is
 * linked to the record): the case, its order and logger, the episodes weighed, and the goods with
 * their batches and budgets. A view compares its hash with the signature's: readings that
 * changed the episodes since make the signature apply to an earlier version of the case.
 */
export function caseContent(
  c: Pick<Row<'excursion_cases'>, 'id' | 'logger_id' | 'decision' | 'decision_reason'>,
  order: Pick<Row<'orders'>, 'order_no' | 'temp_class'>,
  episodes: readonly Episode[],
  lines: readonly Pick<CaseLine, 'code' | 'batch_no' | 'quantity' | 'unit' | 'budget'>[],
) {
  return {
    case_no: caseNo(c.id),
    order_no: order.order_no,
    temp_class: order.temp_class,
    logger_id: c.logger_id,
    episodes: episodes.map((e) => ({
      from: e.from.toISOString(),
      to: e.to.toISOString(),
      min: e.min,
      max: e.max,
    })),
    goods: lines.map((l) => ({
      code: l.code,
      batch_no: l.batch_no,
      quantity: l.quantity,
      unit: l.unit,
      budget: l.budget,
    })),
    decision: c.decision,
    reason: c.decision_reason,
  };
}
