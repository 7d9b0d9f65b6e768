import type { Row } from '../../db/schema.ts';
import type * as v from 'valibot';
import { Code } from '../../../src/contract/codes.ts';
import type { OrderStatus } from '../../../src/contract/orders/domain.ts';
import type { ApplyInfoSchema } from '../../../src/contract/orders/schemas.ts';
import { ApiError, invalidField } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { maskedFields, MASK } from './masking.ts';
import { type Redactor, redactorOf } from './redaction.ts';
import type { Viewer } from './detail.ts';
import { iso } from './rows.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { type Actor, applyTransition, conflictWithCurrent, lockOrder } from './write.ts';

/** The fields a change request may name. */
export const CHANGEABLE = [
  'pickup_at',
  'deliver_by',
  'from_contact',
  'from_phone',
  'to_contact',
  'to_phone',
  'to_address',
  'remark',
] as const;

/**
 * `customer-order/apply-modify`: asks the provider to change (`changes`: CHANGEABLE fields) or
 * cancel an order it confirmed. Only while `not_finished` and without another request waiting
 * (409 with the current order); a stale version answers 409 likewise. The order keeps its
 * status; its version moves, and the event log records the request.
 */
export async function applyModify(
  db: DB,
  viewer: Viewer,
  input: {
    id: number;
    kind: 'change' | 'cancel';
    changes: Record<string, string>;
    reason: string;
    version: number;
  },
  actor: Actor,
  now: Date,
): Promise<{ id: number; status: OrderStatus; version: number }> {
  const changes = input.kind === 'change' ? input.changes : {};
  const unknown = Object.keys(changes).find((key) => !(CHANGEABLE as readonly string[]).includes(key));
  if (unknown !== undefined)
    throw new ApiError(Code.invalid, 'This field cannot be changed: {field}', null, {
      params: { field: unknown },
      fields: {
        changes:
          'Only pickup and delivery times, contacts, phones, the stop address and the remark can be changed',
      },
    });
  if (input.kind === 'change' && Object.keys(changes).length === 0)
    throw invalidField('changes', 'Please say what to change');
  return auditedTransaction(db, now, async (trx, audit) => {
    const order = await lockOrder(trx, viewer.cuId, input.id);
    if (order.version !== input.version)
      throw await conflictWithCurrent(
        trx,
        viewer,
        order.id,
        'The order has changed meanwhile; here is its current state',
      );
    if (order.status !== 'not_finished')
      throw await conflictWithCurrent(trx, viewer, order.id, 'Only orders not yet finished can be modified');
    const waiting = await trx
      .selectFrom('order_modifications')
      .select('id')
      .where('order_id', '=', order.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (waiting)
      throw await conflictWithCurrent(
        trx,
        viewer,
        order.id,
        'This order already has a modification request waiting for an answer',
      );
    await trx
      .insertInto('order_modifications')
      .values({
        order_id: order.id,
        kind: input.kind,
        changes: JSON.stringify(changes),
        reason: input.reason,
        requested_by: actor.uid,
        requested_at: now,
      })
      .execute();
    // what is asked for, beside what the order holds now (the provider decides on it)
    const asked = Object.entries(changes).map(([field, value]) => ({
      field: `requested.${field}`,
      old: (order as Record<string, unknown>)[field] ?? null,
      new: value ?? null,
    }));
    return applyTransition(trx, order, 'apply_modify', {
      actor,
      now,
      audit,
      reason: input.reason,
      changes: [{ field: 'request', old: null, new: input.kind }, ...asked],
    });
  });
}

/** A change's values, with those of masked fields masked (a new patient phone stays hidden). */
function maskChanges(
  changes: Record<string, unknown>,
  order: Row<'orders'>,
  redact: Redactor,
): Record<string, string> {
  const hidden = new Set(maskedFields(order));
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(changes))
    out[key] = hidden.has(key) ? MASK : redact.text(String(value), 'customer');
  return out;
}

/** `customer-order/get-apply-info`: the order's requests and answers, newest first. */
export async function applyInfo(
  db: DB,
  order: Row<'orders'>,
): Promise<v.InferOutput<typeof ApplyInfoSchema>> {
  const [rows, redact] = await Promise.all([
    db
      .selectFrom('order_modifications')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    redactorOf(db, order),
  ]);
  return {
    list: rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      changes: maskChanges(m.changes, order, redact),
      status: m.status,
      reason: redact.text(m.reason, 'customer'),
      answer: redact.text(m.answer, 'provider'),
      requested_at: new Date(m.requested_at).toISOString(),
      answered_at: iso(m.answered_at),
    })),
  };
}
