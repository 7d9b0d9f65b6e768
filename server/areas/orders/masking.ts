import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Data protection (spec §3): the patient's side of a DTP order never leaves the server.
 * `is_dtp` 1 with goods other than samples: the stop side (company, contact, phone, address and
 * the sign name); `is_dtp` 3: the start side. Every answer and artefact (list, view, events,
 * exports, print view, email, the partner status element) passes through `maskOrder`, and its
 * free text through the order's redactor (redaction.ts), which finds the masked values restated
 * in any spelling.
 */
export const MASK = '******';

export interface MaskRule {
  is_dtp: number;
  to_goodstype: number;
}

export function masksStop(order: MaskRule): boolean {
  return order.is_dtp === 1 && order.to_goodstype !== 2;
}

export function masksStart(order: MaskRule): boolean {
  return order.is_dtp === 3;
}

/** `masksStart` and `masksStop` negated, in SQL over `orders` (what a keyword may find a side by). */
export const startShown = (eb: ExpressionBuilder<Database, 'orders'>) => eb('orders.is_dtp', '!=', 3);
export const stopShown = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.or([eb('orders.is_dtp', '!=', 1), eb('orders.to_goodstype', '=', 2)]);

const STOP = ['to_company', 'to_contact', 'to_phone', 'to_address', 'sign_name'] as const;
const START = ['from_company', 'from_contact', 'from_phone', 'from_address'] as const;

/** The fields the rule hides for this order. */
export function maskedFields(order: MaskRule): readonly string[] {
  if (masksStop(order)) return STOP;
  if (masksStart(order)) return START;
  return [];
}

/**
 * A copy with the masked fields replaced by asterisks (a field that is null or absent stays so).
 * Whatever else the record carries passes through unchanged.
 */
export function maskOrder<T extends MaskRule>(order: T): T {
  const fields = maskedFields(order);
  if (fields.length === 0) return order;
  const out: Record<string, unknown> = { ...(order as MaskRule & Record<string, unknown>) };
  for (const field of fields) {
    if (out[field] !== null && out[field] !== undefined) out[field] = MASK;
  }
  return out as T;
}
