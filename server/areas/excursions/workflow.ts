import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import type { Decision } from '../../../src/contract/excursions/domain.ts';
import type { CaseRow, CaseLine } from '../../../src/contract/excursions/schemas.ts';
import { TEMP_LIMITS } from '../../../src/contract/orders/domain.ts';
import { ApiError, forbidden, invalidField, notFound } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import type { Signer } from '../../core/signer.ts';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { type Actor, type AuditBuffer, auditedTransaction, sessionActor } from '../audit/trail.ts';
import { lockOrder } from '../orders/lock.ts';
import { masksStart } from '../orders/masking.ts';
import { recordSignature } from '../signatures/record.ts';
import { episodesOf } from './analysis.ts';
import { loggerReadings } from './budgets.ts';
import { caseContent } from './content.ts';
import { caseRow } from './list.ts';
import { canApprove } from '../orders/detail.ts';
import { caseLines } from './view.ts';

/**
 * The case's workflow (docs/decisions/excursions.md, "Workflow"): open → under assessment (a
 * person of the customer assigned) → decided (release, quarantine, destroy, return to depot; a
 * reason and an electronic signature) → closed (the provider reports the goods dealt with). Each
 * call locks the case's order first, then the case, then stock lines in ascending id, and
 * records its entries last (docs/decisions/lock-order.md).
 */

export interface CaseActor {
  uid: number;
  name: string;
  cuId: number;
  /** An administrator of the customer (`user_customers.is_admin`). */
  isAdmin: boolean;
}

/**
 * Whether the user may decide the customer's cases (21 CFR Part 11 §11.10(g), authority checks):
 * an approver of its orders or an administrator. Anyone of the customer may assess a case (be
 * assigned, comment); deciding what becomes of the goods is not everyone's.
 */
export async function mayDecide(
  db: DB,
  actor: { uid: number; cuId: number; isAdmin: boolean },
): Promise<boolean> {
  return actor.isAdmin || (await canApprove(db, actor));
}

const conflict = (message: ServerMessage, row: CaseRow) => new ApiError(Code.conflict, message, row);

/** The customer's case and its order, both locked (404: no case of this customer). */
async function lockCase(trx: DB, cuId: number, id: number) {
  const found = await trx
    .selectFrom('excursion_cases')
    .select('order_id')
    .where('id', '=', id)
    .where('cu_id', '=', cuId)
    .executeTakeFirst();
  if (!found) throw notFound('No such excursion case');
  const order = await lockOrder(trx, { ids: [found.order_id] });
  if (!order) throw notFound('No such excursion case');
  const c = await trx
    .selectFrom('excursion_cases')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { c, order };
}

const answer = async (trx: DB, cuId: number, id: number) => (await caseRow(trx, cuId, id)) as CaseRow;

/** `excursion/assign`: to a user of the customer; the case is then under assessment. */
export function assignCase(db: DB, actor: CaseActor, input: { id: number; uid: number }, now: Date) {
  return auditedTransaction(db, now, async (trx, audit) => {
    const { c } = await lockCase(trx, actor.cuId, input.id);
    if (c.state === 'decided')
      throw conflict('This case is already decided', await answer(trx, actor.cuId, c.id));
    if (c.state === 'closed') throw conflict('This case is closed', await answer(trx, actor.cuId, c.id));
    const person = await trx
      .selectFrom('user_customers as uc')
      .innerJoin('users as u', 'u.uid', 'uc.uid')
      .select(['u.uid', 'u.name'])
      .where('uc.cu_id', '=', actor.cuId)
      .where('uc.uid', '=', input.uid)
      .executeTakeFirst();
    if (!person) throw invalidField('uid', 'This user is not a user of this customer');
    if (c.assignee_uid !== person.uid || c.state !== 'assessment') {
      await trx
        .updateTable('excursion_cases')
        .set({ assignee_uid: person.uid, state: 'assessment', updated_at: now })
        .where('id', '=', c.id)
        .execute();
      await note(trx, c.id, now, 'assigned', actor, person.name);
      audit.record({
        cuId: actor.cuId,
        recordType: 'excursion',
        recordId: c.id,
        orderId: c.order_id,
        action: 'assign',
        actor: sessionActor(actor),
        changes: [
          { field: 'assignee', old: c.assignee_uid, new: person.uid },
          ...(c.state !== 'assessment' ? [{ field: 'state', old: c.state, new: 'assessment' }] : []),
        ],
      });
    }
    return answer(trx, actor.cuId, c.id);
  });
}

async function note(
  trx: DB,
  caseId: number,
  at: Date,
  kind: Row<'excursion_notes'>['kind'],
  actor: { uid: number; name: string },
  text: string,
  fileId: number | null = null,
) {
  await trx
    .insertInto('excursion_notes')
    .values({ case_id: caseId, at, kind, uid: actor.uid, author: actor.name, text, file_id: fileId })
    .execute();
}

/** `excursion/comment`: on a case not closed, pointing to a document of its order if asked. */
export function commentCase(
  db: DB,
  actor: CaseActor,
  input: { id: number; text: string; file_id?: number | undefined },
  now: Date,
) {
  return auditedTransaction(db, now, async (trx, audit) => {
    const { c } = await lockCase(trx, actor.cuId, input.id);
    if (c.state === 'closed') throw conflict('This case is closed', await answer(trx, actor.cuId, c.id));
    if (input.file_id !== undefined) {
      const file = await trx
        .selectFrom('order_attachments')
        .select('id')
        .where('order_id', '=', c.order_id)
        .where('file_id', '=', input.file_id)
        .executeTakeFirst();
      if (!file) throw invalidField('file_id', 'This document is not one of the case’s order');
    }
    await note(trx, c.id, now, 'comment', actor, input.text, input.file_id ?? null);
    audit.record({
      cuId: actor.cuId,
      recordType: 'excursion',
      recordId: c.id,
      orderId: c.order_id,
      action: 'comment',
      actor: sessionActor(actor),
      changes: [
        { field: 'comment', old: null, new: input.text },
        ...(input.file_id !== undefined ? [{ field: 'file_id', old: null, new: input.file_id }] : []),
      ],
    });
    return answer(trx, actor.cuId, c.id);
  });
}

/** Where returned goods go when they came from no depot line: the sender (never a DTP patient). */
const senderOf = (order: Row<'orders'>) => (masksStart(order) ? 'DTP' : order.from_company);

type LineState = {
  in_id: number;
  hold: string;
  quantity: string;
  reserved: string;
  origin_goods_id: number | null;
};

/** Whether another undecided case of the customer still covers the stock line. */
async function heldElsewhere(trx: DB, inId: number, caseId: number): Promise<boolean> {
  const other = await trx
    .selectFrom('excursion_lines as l')
    .innerJoin('excursion_cases as c', 'c.id', 'l.case_id')
    .select('c.id')
    .where('l.in_id', '=', inId)
    .where('c.id', '<>', caseId)
    .where('c.state', 'in', ['open', 'assessment'])
    .executeTakeFirst();
  return other !== undefined;
}

/**
 * What a decision does to one destination line (locked): release lifts the hold unless another
 * undecided case holds it (a quarantine stays); quarantine holds it for good; destroy writes off
 * what is on hand; return moves it back into the depot line it came from (or, when it came from
 * none, to the order's sender) and makes it available there.
 */
async function applyToLine(
  trx: DB,
  decision: Decision,
  line: LineState,
  ctx: { caseId: number; order: Row<'orders'>; note: string; now: Date; audit: AuditBuffer; actor: Actor },
): Promise<void> {
  const { order, now } = ctx;
  const onHand = Number(line.quantity) - Number(line.reserved);
  const record = (inId: number, changes: Array<{ field: string; old: unknown; new: unknown }>) =>
    ctx.audit.record({
      cuId: order.cu_id,
      recordType: 'inventory',
      recordId: inId,
      orderId: order.id,
      action: decision,
      actor: ctx.actor,
      reason: ctx.note,
      changes,
    });
  const move = (inId: number, delta: number, kind: 'outbound' | 'return' | 'write_off') =>
    trx
      .insertInto('inventory_movements')
      .values({ in_id: inId, at: now, delta, kind, order_id: order.id, note: ctx.note })
      .execute();
  if (decision === 'release') {
    if (line.hold !== 'on_hold' || (await heldElsewhere(trx, line.in_id, ctx.caseId))) return;
    await trx.updateTable('inventory').set({ hold: 'none' }).where('in_id', '=', line.in_id).execute();
    record(line.in_id, [{ field: 'hold', old: line.hold, new: 'none' }]);
  } else if (decision === 'quarantine') {
    if (line.hold === 'quarantined') return;
    await trx.updateTable('inventory').set({ hold: 'quarantined' }).where('in_id', '=', line.in_id).execute();
    record(line.in_id, [{ field: 'hold', old: line.hold, new: 'quarantined' }]);
  } else if (decision === 'destroy') {
    await trx
      .updateTable('inventory')
      .set({ hold: 'quarantined', quantity: sql`quantity - ${onHand}` })
      .where('in_id', '=', line.in_id)
      .execute();
    if (onHand > 0) await move(line.in_id, -onHand, 'write_off');
    record(line.in_id, [
      { field: 'quantity', old: Number(line.quantity), new: Number(line.quantity) - onHand },
      { field: 'hold', old: line.hold, new: 'quarantined' },
    ]);
  } else {
    const goods = line.origin_goods_id
      ? await trx
          .selectFrom('order_goods')
          .select('in_id')
          .where('id', '=', line.origin_goods_id)
          .executeTakeFirst()
      : undefined;
    const source = goods?.in_id ?? null;
    if (source !== null && source !== line.in_id) {
      await trx
        .updateTable('inventory')
        .set({ hold: 'none', quantity: sql`quantity - ${onHand}` })
        .where('in_id', '=', line.in_id)
        .execute();
      await trx
        .updateTable('inventory')
        .set({ quantity: sql`quantity + ${onHand}` })
        .where('in_id', '=', source)
        .execute();
      if (onHand > 0) {
        await move(line.in_id, -onHand, 'outbound');
        await move(source, onHand, 'return');
      }
      record(line.in_id, [
        { field: 'quantity', old: Number(line.quantity), new: Number(line.quantity) - onHand },
        { field: 'hold', old: line.hold, new: 'none' },
      ]);
      record(source, [{ field: 'quantity', old: null, new: `+${onHand}` }]);
    } else {
      await trx
        .updateTable('inventory')
        .set({ hold: 'none', depot: senderOf(order) })
        .where('in_id', '=', line.in_id)
        .execute();
      if (onHand > 0) {
        await move(line.in_id, -onHand, 'outbound');
        await move(line.in_id, onHand, 'return');
      }
      record(line.in_id, [
        { field: 'depot', old: null, new: senderOf(order) },
        { field: 'hold', old: line.hold, new: 'none' },
      ]);
    }
  }
}

/**
 * `excursion/decide`: a case under assessment, by an approver or an administrator of the customer,
 * with a reason and the signer's electronic signature over the case as weighed (content.ts).
 * The stock of every line follows in the same transaction.
 */
export function decideCase(
  db: DB,
  actor: CaseActor,
  signer: Signer,
  input: { id: number; decision: Decision; reason: string },
  now: Date,
) {
  return auditedTransaction(db, now, async (trx, audit) => {
    const { c, order } = await lockCase(trx, actor.cuId, input.id);
    if (c.state === 'decided')
      throw conflict('This case is already decided', await answer(trx, actor.cuId, c.id));
    if (c.state === 'closed') throw conflict('This case is closed', await answer(trx, actor.cuId, c.id));
    if (c.state === 'open')
      throw conflict('Assign the case to a person before deciding it', await answer(trx, actor.cuId, c.id));
    if (!(await mayDecide(trx, actor)))
      throw forbidden('Only an approver or an administrator of this customer may decide an excursion case');
    const readings = await loggerReadings(trx, c.order_id, c.logger_id);
    const lines: CaseLine[] = await caseLines(trx, c, order.temp_class, readings);
    const stock = await trx
      .selectFrom('inventory')
      .select(['in_id', 'hold', 'quantity', 'reserved', 'origin_goods_id'])
      .where('in_id', 'in', [...lines.map((l) => l.in_id ?? 0), 0])
      .orderBy('in_id')
      .forUpdate()
      .execute();
    // goods another case still holds, or one quarantined, do not go back on stock by this case
    if (input.decision === 'return')
      for (const line of stock)
        if (line.hold === 'quarantined' || (await heldElsewhere(trx, line.in_id, c.id)))
          throw conflict(
            'Another excursion case holds these goods: they cannot be returned to stock before it is decided',
            await answer(trx, actor.cuId, c.id),
          );
    const decided = { ...c, decision: input.decision, decision_reason: input.reason };
    const episodes = episodesOf(readings, TEMP_LIMITS[order.temp_class]);
    const signature = await recordSignature(
      trx,
      signer,
      {
        cuId: actor.cuId,
        recordType: 'excursion',
        recordId: c.id,
        content: caseContent(decided, order, episodes, lines),
      },
      now,
    );
    await trx
      .updateTable('excursion_cases')
      .set({
        state: 'decided',
        decision: input.decision,
        decision_reason: input.reason,
        decided_by: actor.uid,
        decided_by_name: signer.name,
        decided_at: now,
        signature_id: signature.id,
        minutes_at_decision: c.minutes_out,
        updated_at: now,
      })
      .where('id', '=', c.id)
      .execute();
    await note(trx, c.id, now, 'decided', actor, input.reason);
    const ctx = {
      caseId: c.id,
      order,
      note: `${order.order_no} ${input.decision}`,
      now,
      audit,
      actor: sessionActor(actor),
    };
    for (const line of stock) await applyToLine(trx, input.decision, line, ctx);
    audit.record({
      cuId: actor.cuId,
      recordType: 'excursion',
      recordId: c.id,
      orderId: c.order_id,
      action: 'decide',
      actor: sessionActor(actor),
      reason: input.reason,
      changes: [
        { field: 'state', old: c.state, new: 'decided' },
        { field: 'decision', old: null, new: input.decision },
        signature.change,
      ],
    });
    return answer(trx, actor.cuId, c.id);
  });
}
