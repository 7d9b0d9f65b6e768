import { maskedFields } from './masking.ts';

export interface SearchableOrder {
  order_no: string;
  is_dtp: number;
  to_goodstype: number;
  from_company: string;
  from_contact: string;
  from_address: string;
  to_company: string;
  to_contact: string;
  to_address: string;
  /** The project's protocol number and name, the site's name, the cities' names. */
  extra: readonly string[];
}

/**
 * What a keyword may match, lower-cased: the order number, the parties that are not masked,
 * and the project, site and city names. A masked side is left out, so searching a patient's name
 * or address finds nothing (spec §3). Phones are not searchable.
 */
export function orderSearchText(order: SearchableOrder): string {
  const hidden = new Set(maskedFields(order));
  const parts: string[] = [order.order_no];
  for (const field of [
    'from_company',
    'from_contact',
    'from_address',
    'to_company',
    'to_contact',
    'to_address',
  ] as const) {
    if (!hidden.has(field)) parts.push(order[field]);
  }
  parts.push(...order.extra);
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}
