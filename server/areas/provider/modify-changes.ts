import type { Row } from '../../db/schema.ts';
import { Code } from '../../../src/contract/codes.ts';
import { ApiError } from '../../core/errors.ts';
import { CHANGEABLE } from '../../../src/contract/orders/change-request.ts';

/**
 * The order fields a change request may name (src/contract/orders/change-request.ts CHANGEABLE:
 * the customer's request was checked against them as the editor checks an order).
 */
const TIME_FIELDS = ['pickup_at', 'deliver_by'] as const;
const TEXT_FIELDS = CHANGEABLE.filter(
  (f): f is Exclude<(typeof CHANGEABLE)[number], (typeof TIME_FIELDS)[number]> =>
    !(TIME_FIELDS as readonly string[]).includes(f),
);

/** The fields that feed an order's searchable text (their change refreshes it). */
export const PARTY_FIELDS: readonly string[] = TEXT_FIELDS.filter(
  (f) => f !== 'remark' && !f.endsWith('phone'),
);

export type OrderChanges = Partial<
  Pick<Row<'orders'>, (typeof TEXT_FIELDS)[number] | (typeof TIME_FIELDS)[number]>
>;

/**
 * The accepted request's changes as order fields. A field the request may not change, an empty
 * party or a time that is not one refuses the answer (422) and nothing changes.
 */
export function changesToApply(changes: Record<string, unknown>): OrderChanges {
  const out: Record<string, string | Date> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (typeof value !== 'string') throw unchangeable(field);
    if ((TEXT_FIELDS as readonly string[]).includes(field)) {
      const text = value.trim();
      if (!text && field !== 'remark') throw unchangeable(field);
      out[field] = text;
    } else if ((TIME_FIELDS as readonly string[]).includes(field)) {
      const at = new Date(value);
      if (Number.isNaN(at.getTime())) throw unchangeable(field);
      out[field] = at;
    } else throw unchangeable(field);
  }
  return out as OrderChanges;
}

const unchangeable = (field: string) =>
  new ApiError(Code.invalid, 'The request asks to change {field}, which cannot be changed so', null, {
    params: { field },
  });
