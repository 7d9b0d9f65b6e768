import type { EditConflict, OrderDraftData } from '../../contract/order-editor/schemas.ts';
import { isoToLocal, zoneLabel } from './zoned-time.ts';

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

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Two ISO times that name the same moment (`…T18:55:00+08:00` and `…T10:55:00.000Z`). */
const sameMoment = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' &&
  typeof b === 'string' &&
  MOMENT.test(a) &&
  MOMENT.test(b) &&
  Date.parse(a) === Date.parse(b);

/** Two values of one field are the same (an empty one of any spelling equals another; a time by its moment). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (blank(a) && blank(b)) return true;
  if (sameMoment(a, b)) return true;
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

/**
 * How the editor names a field's value in the conflict view, where the plain value would be an id
 * or an ISO time: a project by its protocol number and name, a district by its path, a wanted
 * time as typed (in the customer's zone, with the zone). Undefined: the view's plain text.
 */
export function conflictValue(
  field: DraftField,
  value: unknown,
  known: {
    zone: string;
    projects: ReadonlyArray<{ pr_id: number; protocol_no: string; name: string }>;
    regionPaths: ReadonlyMap<number, string>;
  },
): string | undefined {
  if ((field === 'pickup_at' || field === 'deliver_by') && typeof value === 'string' && MOMENT.test(value)) {
    const local = isoToLocal(value, known.zone);
    return local ? `${local.replace('T', ' ')} ${zoneLabel(known.zone)}` : undefined;
  }
  if ((field === 'from_city_id' || field === 'to_city_id') && typeof value === 'number')
    return known.regionPaths.get(value);
  if (field === 'pr_id' && typeof value === 'number') {
    const project = known.projects.find((p) => p.pr_id === value);
    return project ? `${project.protocol_no} ${project.name}` : undefined;
  }
  return undefined;
}
