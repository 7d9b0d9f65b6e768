import type { Row } from '../../db/schema.ts';
import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import type {
  CreateOrderAnswer,
  EditConflict,
  OrderValue,
} from '../../../src/contract/order-editor/schemas.ts';
import type { OrderStatus } from '../../../src/contract/orders/domain.ts';
import { ApiError, invalidField } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import type { DB } from '../../db/database.ts';
import { heldBy, holdFor, NotEnoughStock, StockHeld, wantedOf } from '../inventory/reservations.ts';
import { insertOrder, refreshSearchText } from '../orders/order-store.ts';
import { fieldChanges, setFields } from '../audit/changes.ts';
import { AuditBuffer } from '../audit/trail.ts';
import { type Actor, auditActor, lockOrder } from '../orders/write.ts';
import type { Owner } from './drafts.ts';
import { formOfOrder } from './forms.ts';
import { attachPendingFiles } from './pending-files.ts';
import { checkOrder, type ResolvedGoods } from './rules.ts';

/** The statuses in which the customer may still edit an order (the provider has not confirmed it). */
export const EDITABLE: readonly OrderStatus[] = ['pending_approval', 'pending_confirm'];

export interface CreateInput extends OrderValue {
  id?: number | undefined;
  version?: number | undefined;
  draft_id?: number | undefined;
  /** Why a submitted order is changed (required with `id`). */
  reason?: string | undefined;
}

export interface Writer extends Owner {
  name: string;
  /** The customer's API client that writes (its name is `name`; no user: `uid` is never written). */
  client?: number;
}

/** 409 with the order as it is now and its form (what the editor compares with its own). */
export async function editConflict(db: DB, order: Row<'orders'>, message: ServerMessage): Promise<ApiError> {
  const { form, cleared } = await formOfOrder(db, order);
  const data: EditConflict = {
    order: { id: order.id, order_no: order.order_no, version: order.version, status: order.status },
    form,
    cleared,
  };
  return new ApiError(Code.conflict, message, data);
}

/** Whether an approver passed the order (it is past `pending_approval` by an approval). */
export async function wasApproved(db: DB, order: Pick<Row<'orders'>, 'id' | 'status'>): Promise<boolean> {
  if (order.status !== 'pending_confirm') return false;
  const approval = await db
    .selectFrom('order_events')
    .select('id')
    .where('order_id', '=', order.id)
    .where('kind', '=', 'approved')
    .executeTakeFirst();
  return approval !== undefined;
}

/** The order's own columns from the form. */
const columnsOf = (input: OrderValue) => ({
  pr_id: input.pr_id,
  order_type: input.order_type,
  is_dtp: input.is_dtp,
  to_goodstype: input.to_goodstype,
  temp_class: input.temp_class,
  from_company: input.from_company,
  from_contact: input.from_contact,
  from_phone: input.from_phone,
  from_address: input.from_address,
  from_city_id: input.from_city_id,
  to_company: input.to_company,
  to_contact: input.to_contact,
  to_phone: input.to_phone,
  to_address: input.to_address,
  to_city_id: input.to_city_id,
  ho_id: input.ho_id,
  pickup_at: input.pickup_at,
  deliver_by: input.deliver_by,
  remark: input.remark,
});

/** An order's goods as its audit entries show them: stock line, name, batch, quantity, unit. */
interface GoodsLine {
  in_id: number | null;
  name: string;
  batch_no: string;
  quantity: number | string;
  unit: string;
}
const goodsLines = (goods: readonly GoodsLine[]) =>
  goods.map((g) => ({
    in_id: g.in_id,
    name: g.name,
    batch_no: g.batch_no,
    quantity: Number(g.quantity),
    unit: g.unit,
  }));

/** Names the goods line of a stock line that turned out short while reserving (a concurrent order took it). */
async function reserving(work: () => Promise<void>, goods: readonly ResolvedGoods[]): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof StockHeld) {
      const i = goods.findIndex((g) => g.in_id === error.inId);
      throw new ApiError(Code.invalid, 'Please correct the marked fields', null, {
        fields: {
          [`goods.${Math.max(i, 0)}.in_id`]:
            error.hold === 'on_hold'
              ? 'Stock line {in_id} is on hold until excursion case {case_no} is decided'
              : 'Stock line {in_id} is quarantined after excursion case {case_no}',
        },
        params: { in_id: error.inId, case_no: error.caseNo },
      });
    }
    if (!(error instanceof NotEnoughStock)) throw error;
    const i = goods.findIndex((g) => g.in_id === error.inId);
    throw new ApiError(Code.invalid, 'Please correct the marked fields', null, {
      fields: { [`goods.${Math.max(i, 0)}.quantity`]: 'More than is available' },
    });
  }
}

/** Deletes the draft the form came from (by id, and any draft of the same form key), the owner's only. */
async function dropDraft(db: DB, owner: Owner, draftId: number | undefined, key: string) {
  await db
    .deleteFrom('order_drafts')
    .where('uid', '=', owner.uid)
    .where('cu_id', '=', owner.cuId)
    .where((eb) =>
      draftId === undefined
        ? eb('idempotency_key', '=', key)
        : eb.or([eb('id', '=', draftId), eb('idempotency_key', '=', key)]),
    )
    .execute();
}

/**
 * `POST customer-order/create` inside the caller's transaction (the idempotency key's): a new
 * order (new or copy) or an edit of one still editable. Checks every rule (rules.ts), reserves
 * the goods (an edit moves its reservations to the new quantities), attaches the files uploaded
 * while creating, writes the `created` or `edited` event, and deletes the draft it came from.
 */
export async function createOrEdit(
  db: DB,
  writer: Writer,
  input: CreateInput,
  key: string,
  now: Date,
): Promise<CreateOrderAnswer> {
  const { id, version, draft_id, boxes, attachments } = input;
  const actor: Actor =
    writer.client === undefined
      ? { kind: 'customer', name: writer.name, uid: writer.uid }
      : { kind: 'customer', name: writer.name, uid: null, client: writer.client };
  // recorded as the write goes, appended as its last step (after the stock lines' locks)
  const audit = new AuditBuffer();
  const entry = { cuId: writer.cuId, recordType: 'order', actor: auditActor(actor) } as const;
  let answer: CreateOrderAnswer;
  if (id === undefined) {
    if (version !== undefined)
      throw new ApiError(Code.invalid, 'Please correct the marked fields', null, {
        fields: { version: 'Only an edit sends a version' },
      });
    const goods = await checkOrder(db, writer, input, now);
    const customer = await db
      .selectFrom('customers')
      .select('requires_approval')
      .where('cu_id', '=', writer.cuId)
      .executeTakeFirstOrThrow();
    const status: OrderStatus = customer.requires_approval ? 'pending_approval' : 'pending_confirm';
    const made = await insertOrder(
      db,
      {
        cu_id: writer.cuId,
        ...columnsOf(input),
        status,
        sign_name: null,
        signed_at: null,
        merged_into: null,
        cancel_reason: null,
        created_by: actor.uid,
        goods,
        boxes: boxes.map((b) => ({ box_type: b.box_type })),
      },
      now,
      actor,
    );
    await reserving(() => holdFor(db, made, wantedOf(goods), now), goods);
    answer = { id: made.id, order_no: made.order_no, status, version: 1 };
    audit.record({
      ...entry,
      recordId: made.id,
      action: 'create',
      changes: [
        ...setFields({ order_no: made.order_no, status, ...columnsOf(input) }),
        { field: 'goods', old: null, new: goodsLines(goods) },
        { field: 'boxes', old: null, new: boxes.map((b) => b.box_type) },
      ],
    });
  } else {
    const order = await lockOrder(db, writer.cuId, id);
    if (version === undefined)
      throw new ApiError(Code.invalid, 'Please correct the marked fields', null, {
        fields: { version: 'An edit sends the version it started from' },
      });
    if (!EDITABLE.includes(order.status))
      throw await editConflict(db, order, 'This order can no longer be edited');
    if (order.version !== version)
      throw await editConflict(db, order, 'The order has changed meanwhile; here is its current state');
    const reason = (input.reason ?? '').trim();
    if (!reason) throw invalidField('reason', 'A reason is required to change a submitted order');
    const goods = await checkOrder(db, writer, input, now, await heldBy(db, order.id));
    // An approval was of the order as it was: changed, it waits for an approver again.
    const status = (await wasApproved(db, order)) ? 'pending_approval' : order.status;
    const [goodsBefore, boxesBefore] = await Promise.all([
      db.selectFrom('order_goods').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
      db
        .selectFrom('order_boxes')
        .select('box_type')
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute(),
    ]);
    const updated = await db
      .updateTable('orders')
      .set({ ...columnsOf(input), status, version: sql<number>`version + 1`, updated_at: now })
      .where('id', '=', order.id)
      .returning(['id', 'order_no', 'status', 'version'])
      .executeTakeFirstOrThrow();
    await db.deleteFrom('order_goods').where('order_id', '=', order.id).execute();
    await db.deleteFrom('order_boxes').where('order_id', '=', order.id).execute();
    await db
      .insertInto('order_goods')
      .values(goods.map((g) => ({ ...g, order_id: order.id })))
      .execute();
    await db
      .insertInto('order_boxes')
      .values(boxes.map((b) => ({ order_id: order.id, box_type: b.box_type })))
      .execute();
    await reserving(() => holdFor(db, order, wantedOf(goods), now), goods);
    await db
      .insertInto('order_events')
      .values({
        order_id: order.id,
        at: now,
        kind: 'edited',
        status_from: order.status,
        status_to: status,
        reason,
        actor_kind: 'customer',
        actor_name: writer.name,
        uid: actor.uid,
      })
      .execute();
    await refreshSearchText(db, order.id);
    answer = { id: updated.id, order_no: updated.order_no, status: updated.status, version: updated.version };
    audit.record({
      ...entry,
      recordId: order.id,
      action: 'edit',
      reason,
      changes: fieldChanges(
        {
          ...order,
          goods: goodsLines(goodsBefore),
          boxes: boxesBefore.map((b) => b.box_type),
        },
        { ...columnsOf(input), status, goods: goodsLines(goods), boxes: boxes.map((b) => b.box_type) },
      ),
    });
  }
  const attached = await attachPendingFiles(db, writer, answer, attachments, writer, now);
  if (attached.length > 0)
    audit.record({
      ...entry,
      recordId: answer.id,
      action: 'attachment_upload',
      changes: attached.map((a) => ({
        field: `attachments.${a.id}`,
        old: null,
        new: { kind: a.kind, name: a.name, size: a.size, sha256: a.sha256, status: 'pending' },
      })),
    });
  await dropDraft(db, writer, draft_id, key);
  await audit.flush(db, now);
  return answer;
}
