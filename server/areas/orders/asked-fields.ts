import { type AskedField, CHANGEABLE } from '../../../src/contract/orders/change-request.ts';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { MASK, maskedFields } from './masking.ts';
import type { Redactor } from './redaction.ts';

/**
 * What change requests asked, field by field, as the order view shows them (its header and the
 * request dialog): the order's value when asked, from the request's audit entry (`apply_modify`,
 * `requested.<field>`, written at the request's time), else, while the request waits, the
 * order's value now (a not-finished order cannot be edited, so it is the same); left out when
 * neither is known (a request answered before the trail kept it). Masked fields read `******`
 * as the view masks them; free text is redacted as the view's is, and cleared of any value a
 * masked field had when asked (the order now may hold another: an accepted change).
 */
export async function askedFields(
  db: DB,
  order: Row<'orders'>,
  requests: ReadonlyArray<Pick<Row<'order_modifications'>, 'id' | 'changes' | 'status' | 'requested_at'>>,
  redact: Redactor,
): Promise<Map<number, AskedField[]>> {
  const out = new Map<number, AskedField[]>();
  const asking = requests.filter((r) => Object.keys(r.changes).length > 0);
  if (asking.length === 0) return out;
  const before = await valuesWhenAsked(db, order);
  const hidden = new Set(maskedFields(order));
  const secrets = [...before.values()]
    .flatMap((values) => [...values].filter(([field]) => hidden.has(field)).map(([, value]) => value))
    .filter((value): value is string => typeof value === 'string' && value.trim().length >= 2)
    .sort((a, b) => b.length - a.length);
  const shown = (field: string, value: unknown): string | null => {
    if (value === null || value === undefined) return null;
    const text = value instanceof Date ? value.toISOString() : String(value);
    if (text === '') return '';
    if (hidden.has(field)) return MASK;
    if (field === 'pickup_at' || field === 'deliver_by') return text;
    return secrets.reduce((t, secret) => t.split(secret).join(MASK), redact.text(text, 'customer'));
  };
  for (const request of asking) {
    const then = before.get(new Date(request.requested_at).toISOString());
    const fields: AskedField[] = [];
    for (const field of CHANGEABLE) {
      if (!(field in request.changes)) continue;
      const asked = shown(field, request.changes[field]) ?? '';
      if (then?.has(field)) fields.push({ field, old: shown(field, then.get(field)), new: asked });
      else if (request.status === 'pending')
        fields.push({ field, old: shown(field, order[field]), new: asked });
      else fields.push({ field, new: asked });
    }
    out.set(request.id, fields);
  }
  return out;
}

/** The order's values each request named when it was asked, by the request's time (ISO 8601). */
async function valuesWhenAsked(db: DB, order: Row<'orders'>): Promise<Map<string, Map<string, unknown>>> {
  const entries = await db
    .selectFrom('audit_entries')
    .select(['at', 'changes'])
    .where('cu_id', '=', order.cu_id)
    .where('record_type', '=', 'order')
    .where('record_id', '=', String(order.id))
    .where('action', '=', 'apply_modify')
    .execute();
  const out = new Map<string, Map<string, unknown>>();
  for (const entry of entries) {
    const values = new Map<string, unknown>();
    for (const change of entry.changes)
      if (change.field.startsWith('requested.'))
        values.set(change.field.slice('requested.'.length), change.old);
    out.set(new Date(entry.at).toISOString(), values);
  }
  return out;
}
