import type { Row } from '../../db/schema.ts';
import type * as v from 'valibot';
import { Code } from '../../../src/contract/codes.ts';
import type { OrderStatus } from '../../../src/contract/orders/domain.ts';
import type { ApplyInfoSchema } from '../../../src/contract/orders/schemas.ts';
import {
  CHANGEABLE,
  type ChangeableField,
  type ChangeProblem,
  type ChangesValue,
  changeProblems,
} from '../../../src/contract/orders/change-request.ts';
import { ApiError, invalidField } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import type { DB } from '../../db/database.ts';
import { maskedFields, MASK } from './masking.ts';
import { type Redactor, redactorOf } from './redaction.ts';
import type { Viewer } from './detail.ts';
import { iso } from './rows.ts';
import { askedFields } from './asked-fields.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { type Actor, applyTransition, conflictWithCurrent, lockOrder } from './write.ts';

/**
 * `customer-order/apply-modify`: asks the provider to change (`changes`: the fields of
 * `ChangesInput`, each checked as the order editor checks it) or cancel an order it confirmed.
 * Only while `not_finished` and without another request waiting (409 with the current order); a
 * stale version answers 409 likewise. A change is then judged against the order as
 * `changeProblems` says (the dialog runs the same): a problem answers 422 with a message under
 * `changes.<field>`, and a request that asks for nothing, or only for what the order holds, 422
 * too; nothing is stored. The order keeps its status; its version moves, and the event log
 * records the request.
 */
export async function applyModify(
  db: DB,
  viewer: Viewer,
  input: {
    id: number;
    kind: 'change' | 'cancel';
    changes: ChangesValue;
    reason: string;
    version: number;
  },
  actor: Actor,
  now: Date,
): Promise<{ id: number; status: OrderStatus; version: number }> {
  const changes = input.kind === 'change' ? input.changes : {};
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
    if (Object.keys(changes).length > 0) refuseProblems(order, changes, await redactorOf(trx, order), now);
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

/** What the customer reads for each problem (the dialog says the same: `orderView.apply.problem.*`). */
const SAID: Record<ChangeProblem, ServerMessage> = {
  pickedUp: 'The goods were picked up already: this can no longer be changed',
  delivered: 'The goods were delivered already: this can no longer be changed',
  masked: 'Type the new value: ****** stands for a value you cannot see',
  same: 'This is the order’s value already',
  pickupPast: 'The pickup time must be in the future',
  pickupAfterDelivery: 'The pickup time must be before the delivery time',
  deliverPast: 'The delivery time must be in the future',
  deliverBeforePickup: 'The delivery time must be after the pickup time',
};

/**
 * 422 with the request's problems under `changes.<field>`. What the customer sees masked or
 * redacted is never compared with the order's value (the answer would confirm a guess).
 */
function refuseProblems(order: Row<'orders'>, changes: ChangesValue, redact: Redactor, now: Date): void {
  const hidden = new Set<string>(maskedFields(order));
  if (redact.text(order.remark, 'customer') !== order.remark) hidden.add('remark');
  const values = Object.fromEntries(
    CHANGEABLE.map((field) => {
      const value = order[field];
      return [field, value instanceof Date ? value.toISOString() : value];
    }),
  ) as Record<ChangeableField, string | null>;
  const problems = Object.entries(
    changeProblems(changes, { values, milestone: order.milestone, hidden }, now),
  );
  if (problems.length === 0) return;
  const nothing = problems.length === Object.keys(changes).length && problems.every(([, p]) => p === 'same');
  throw new ApiError(
    Code.invalid,
    nothing
      ? 'This request changes nothing: its values are the order’s own'
      : 'Please correct the marked fields',
    null,
    { fields: Object.fromEntries(problems.map(([field, problem]) => [`changes.${field}`, SAID[problem]])) },
  );
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
  const fields = await askedFields(db, order, rows, redact);
  return {
    list: rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      changes: maskChanges(m.changes, order, redact),
      fields: fields.get(m.id) ?? [],
      status: m.status,
      reason: redact.text(m.reason, 'customer'),
      answer: redact.text(m.answer, 'provider'),
      requested_at: new Date(m.requested_at).toISOString(),
      answered_at: iso(m.answered_at),
    })),
  };
}
