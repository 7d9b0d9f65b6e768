import type { EditConflict, OrderDraftData } from '../../contract/order-editor/schemas.ts';

export type DraftField = keyof OrderDraftData;

/** The form's fields in the order the editor shows them. */
export const DRAFT_FIELDS: readonly DraftField[] = [
  'pr_id',
  'order_type',
  'to_goodstype',
  'is_dtp',
  'temp_class',
  'from_ad_id',
  'from_company',
  'from_contact',
  'from_phone',
  'from_address',
  'from_city_id',
  'to_ad_id',
  'to_company',
  'to_contact',
  'to_phone',
  'to_address',
  'to_city_id',
  'ho_id',
  'pickup_at',
  'deliver_by',
  'remark',
  'goods',
  'boxes',
  'attachments',
];

/** Empty in every spelling a half-typed form has (missing, null, '', []). */
const blank = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Two values of one field are the same (an empty one of any spelling equals another). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (blank(a) && blank(b)) return true;
  if (typeof a === 'number' || typeof b === 'number') return String(a) === String(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields where my form and the order as it is now differ. Fields the server left empty
 * because it shows them masked (`cleared`) are not compared: their current value is unknown.
 */
export function changedFields(
  mine: OrderDraftData,
  conflict: Pick<EditConflict, 'form' | 'cleared'>,
): DraftField[] {
  const cleared = new Set(conflict.cleared);
  return DRAFT_FIELDS.filter((field) => !cleared.has(field) && !sameValue(mine[field], conflict.form[field]));
}

/** "Take theirs": the order as it is now, with my values where the server left a masked field empty. */
export function theirsWithMasked(
  mine: OrderDraftData,
  conflict: Pick<EditConflict, 'form' | 'cleared'>,
): OrderDraftData {
  const form: Record<string, unknown> = { ...conflict.form };
  for (const field of conflict.cleared) if (field in mine) form[field] = mine[field as DraftField];
  return form as OrderDraftData;
}
