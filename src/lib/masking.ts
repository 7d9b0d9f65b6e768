/**
 * Data-protection masking of spec §3. The server masks before data leaves it; the client
 * applies the same rule to what it shows (drafts typed locally, cached rows).
 */
export const MASK = '****';

/** is_dtp 1 (and goods type not 2): the stop side and the sign name. */
export const STOP_SIDE_FIELDS = ['to_company', 'to_phone', 'to_name', 'to_address', 'sign_name'] as const;
/** is_dtp 3: the start side. */
export const START_SIDE_FIELDS = ['from_company', 'from_phone', 'from_name', 'from_address'] as const;

export interface Protectable {
  is_dtp?: number | string | null;
  to_goodstype?: number | string | null;
}

/** The fields to hide for a record, by its is_dtp and to_goodstype. */
export function protectedFields(record: Protectable): readonly string[] {
  const dtp = Number(record.is_dtp);
  if (dtp === 1 && Number(record.to_goodstype) !== 2) return STOP_SIDE_FIELDS;
  if (dtp === 3) return START_SIDE_FIELDS;
  return [];
}

/** A copy of `record` with its protected fields shown as asterisks (empty ones stay empty). */
export function maskProtected<T extends Protectable>(record: T): T {
  const fields = protectedFields(record);
  if (fields.length === 0) return record;
  const copy = { ...(record as object) } as Record<string, unknown>;
  for (const field of fields) {
    const value = copy[field];
    if (value !== undefined && value !== null && value !== '') copy[field] = MASK;
  }
  return copy as T;
}
