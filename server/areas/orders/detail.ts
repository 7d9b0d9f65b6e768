import type { Signature } from '../../../src/contract/signatures/schemas.ts';
import type { Row } from '../../db/schema.ts';
import { Code } from '../../../src/contract/codes.ts';
import { ATTACHMENT_KINDS, type AttachmentKind, OPEN_STATUSES } from '../../../src/contract/orders/domain.ts';
import type {
  Attachment,
  Box,
  GoodsLine,
  OrderActions,
  OrderDetail,
  OrderEvent,
  Remark,
} from '../../../src/contract/orders/schemas.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { maskedFields, maskOrder } from './masking.ts';
import { signaturesOf } from '../signatures/read.ts';
import { historyChanges } from './history-changes.ts';
import { redactorOf } from './redaction.ts';
import { iso, selectOrderRows, toOrderRow } from './rows.ts';
import { askedFields } from './asked-fields.ts';

/** Who is asking: the session's user on its current customer. */
export interface Viewer {
  uid: number;
  cuId: number | null;
}

export const orderNotFound = () => new ApiError(Code.notFound, 'No such order');

/** The customer's order (unmasked: for the server's own use), or 404 for any other id. */
export async function loadOrder(db: DB, cuId: number | null, id: number): Promise<Row<'orders'>> {
  if (cuId === null) throw orderNotFound();
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('cu_id', '=', cuId)
    .executeTakeFirst();
  if (!order) throw orderNotFound();
  return order;
}

const day = (value: Date | null): string | null =>
  value === null ? null : (iso(value)?.slice(0, 10) ?? null);

/** The goods lines (`goodsType`: only drugs 1, samples 2 or materials 3). */
export async function goodsOf(db: DB, orderId: number, goodsType?: number): Promise<GoodsLine[]> {
  let query = db.selectFrom('order_goods').selectAll().where('order_id', '=', orderId);
  if (goodsType !== undefined) query = query.where('goods_type', '=', goodsType);
  const rows = await query.orderBy('id').execute();
  return rows.map((g) => ({
    id: g.id,
    in_id: g.in_id,
    goods_type: g.goods_type,
    code: g.code,
    name: g.name,
    spec: g.spec,
    batch_no: g.batch_no,
    expiry: day(g.expiry),
    quantity: Number(g.quantity),
    unit: g.unit,
  }));
}

export async function boxesOf(db: DB, orderId: number): Promise<Box[]> {
  const rows = await db
    .selectFrom('order_boxes')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((b) => ({
    id: b.id,
    box_type: b.box_type,
    logger_id: b.logger_id,
    weight_kg: Number(b.weight_kg),
  }));
}

/**
 * The event log, oldest first, redacted (redaction.ts): the provider's text restating the masked
 * side is withheld, as is its place at that side's door; the customer's restatements are masked.
 */
export async function eventsOf(db: DB, order: Row<'orders'>): Promise<OrderEvent[]> {
  const [rows, redact] = await Promise.all([
    db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    redactorOf(db, order),
  ]);
  const changes = await historyChanges(db, order, redact);
  const signatures = await signaturesOf(db, rows);
  const listed = new Set<string>();
  return rows.map((e) => {
    const author = e.actor_kind === 'provider' ? 'provider' : 'customer';
    const at = new Date(e.at).toISOString();
    // an act's changes go with its first event of that time (an act writes one event per order)
    const changed = listed.has(at) ? undefined : changes.get(at);
    listed.add(at);
    return {
      id: Number(e.id),
      at: new Date(e.at).toISOString(),
      kind: e.kind,
      status_from: e.status_from,
      status_to: e.status_to,
      actor_kind: e.actor_kind,
      actor_name: redact.text(e.actor_name, author),
      reason: redact.text(e.reason, author),
      location: author === 'provider' ? redact.place(e.location, e.kind) : redact.text(e.location, author),
      ...(e.proposed_at ? { proposed_at: new Date(e.proposed_at).toISOString() } : {}),
      ...(changed ? { changes: changed } : {}),
      ...(e.signature_id !== null && signatures.has(e.signature_id)
        ? { signature: signatures.get(e.signature_id) as Signature }
        : {}),
    };
  });
}

/** The order's documents, their names and audit reasons redacted. */
export async function attachmentsOf(db: DB, order: Row<'orders'>): Promise<Attachment[]> {
  const orderId = order.id;
  const redact = await redactorOf(db, order);
  const rows = await db
    .selectFrom('order_attachments as a')
    .innerJoin('files as f', 'f.file_id', 'a.file_id')
    .select([
      'a.id',
      'a.file_id',
      'a.kind',
      'a.status',
      'a.reason',
      'a.source',
      'a.uploaded_at',
      'a.audited_at',
      'f.name',
      'f.size',
      'f.media_type',
    ])
    .where('a.order_id', '=', orderId)
    .orderBy('a.uploaded_at')
    .orderBy('a.id')
    .execute();
  return rows.map((a) => ({
    id: a.id,
    file_id: a.file_id,
    kind: a.kind,
    status: a.status,
    reason: redact.text(a.reason, 'customer'),
    name: redact.fileName(a.name, a.source),
    size: Number(a.size),
    media_type: a.media_type,
    source: a.source,
    uploaded_at: new Date(a.uploaded_at).toISOString(),
    audited_at: iso(a.audited_at),
  }));
}

/** Remarks and feedback (the customer's), oldest first (`kind`: only one of them), redacted. */
export async function remarksOf(db: DB, order: Row<'orders'>, kind?: Remark['kind']): Promise<Remark[]> {
  let query = db.selectFrom('order_remarks').selectAll().where('order_id', '=', order.id);
  if (kind) query = query.where('kind', '=', kind);
  const [rows, redact] = await Promise.all([
    query.orderBy('at').orderBy('id').execute(),
    redactorOf(db, order),
  ]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    author: r.author,
    text: redact.text(r.text, 'customer'),
    at: new Date(r.at).toISOString(),
  }));
}

/** The orders merged into this one. */
export async function sourcesOf(db: DB, orderId: number): Promise<Array<{ id: number; order_no: string }>> {
  return db
    .selectFrom('order_sources as s')
    .innerJoin('orders as o', 'o.id', 's.source_id')
    .select(['o.id', 'o.order_no'])
    .where('s.order_id', '=', orderId)
    .orderBy('o.id')
    .execute();
}

/** The latest modification request (the customer's reason, what it asked, the provider's answer), or null. */
export async function latestModification(db: DB, order: Row<'orders'>): Promise<OrderDetail['modification']> {
  const [m, redact] = await Promise.all([
    db
      .selectFrom('order_modifications')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    redactorOf(db, order),
  ]);
  if (!m) return null;
  const fields = await askedFields(db, order, [m], redact);
  return {
    id: m.id,
    kind: m.kind,
    status: m.status,
    reason: redact.text(m.reason, 'customer'),
    answer: redact.text(m.answer, 'provider'),
    requested_at: new Date(m.requested_at).toISOString(),
    answered_at: iso(m.answered_at),
    fields: fields.get(m.id) ?? [],
  };
}

/** The attachment kinds the order's project requires. */
export async function requiredAttachments(db: DB, prId: number | null): Promise<AttachmentKind[]> {
  if (prId === null) return [];
  const project = await db
    .selectFrom('projects')
    .select('required_attachments')
    .where('pr_id', '=', prId)
    .executeTakeFirst();
  const kinds = new Set<string>(project?.required_attachments ?? []);
  return ATTACHMENT_KINDS.filter((kind) => kinds.has(kind));
}

/** Whether the user approves the orders of the customer. */
export async function canApprove(db: DB, viewer: Viewer): Promise<boolean> {
  if (viewer.cuId === null) return false;
  const row = await db
    .selectFrom('user_customers')
    .select('can_approve')
    .where('uid', '=', viewer.uid)
    .where('cu_id', '=', viewer.cuId)
    .executeTakeFirst();
  return row?.can_approve === true;
}

/**
 * What the user may do with the order now: cancel, edit and merge while it is open
 * (pending approval or confirmation); audit while pending approval, for an approver; ask for a
 * modification while not finished without a pending request; upload unless cancelled, and audit
 * the documents unless cancelled, for an approver; remark always.
 */
export function actionsFor(
  order: Pick<Row<'orders'>, 'status'>,
  facts: { approver: boolean; pendingModification: boolean },
): OrderActions {
  const open = OPEN_STATUSES.includes(order.status);
  return {
    cancel: open,
    edit: open,
    audit: order.status === 'pending_approval' && facts.approver,
    apply_modify: order.status === 'not_finished' && !facts.pendingModification,
    merge: open,
    upload: order.status !== 'cancelled',
    audit_documents: order.status !== 'cancelled' && facts.approver,
    remark: true,
  };
}

export async function actionsOf(db: DB, viewer: Viewer, order: Row<'orders'>): Promise<OrderActions> {
  const [approver, pending] = await Promise.all([
    order.status === 'cancelled' ? Promise.resolve(false) : canApprove(db, viewer),
    db
      .selectFrom('order_modifications')
      .select('id')
      .where('order_id', '=', order.id)
      .where('status', '=', 'pending')
      .executeTakeFirst(),
  ]);
  return actionsFor(order, { approver, pendingModification: pending !== undefined });
}

/** The order's list row (masked), with its project, site and cities. */
export async function rowOf(db: DB, order: Row<'orders'>) {
  const row = await selectOrderRows(
    db.selectFrom('orders').where('orders.id', '=', order.id),
  ).executeTakeFirstOrThrow();
  return toOrderRow(row);
}

/** Those regions that are districts, by id: their name and their city. */
async function districtsOf(
  db: DB,
  ids: ReadonlyArray<number | null>,
): Promise<Map<number, { name: string; city: number | null }>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('regions')
    .select(['region_id', 'name', 'parent_id'])
    .where('region_id', 'in', wanted)
    .where('level', '=', 3)
    .execute();
  return new Map(rows.map((r) => [r.region_id, { name: r.name, city: r.parent_id }]));
}

type Districts = Awaited<ReturnType<typeof districtsOf>>;
const districtName = (districts: Districts, id: number | null) =>
  (id !== null && districts.get(id)?.name) || '';
/** A masked side names its city only: its district is part of the hidden address. */
const shownRegion = (districts: Districts, id: number | null, masked: boolean) =>
  masked && id !== null ? (districts.get(id)?.city ?? id) : id;

/** The order's header and parties without its lists: the row, every party field, masked. */
export async function orderData(db: DB, viewer: Viewer, order: Row<'orders'>) {
  const [row, districts, merged, required, modification, actions, redact] = await Promise.all([
    rowOf(db, order),
    districtsOf(db, [order.from_city_id, order.to_city_id]),
    order.merged_into === null
      ? Promise.resolve(undefined)
      : db.selectFrom('orders').select('order_no').where('id', '=', order.merged_into).executeTakeFirst(),
    requiredAttachments(db, order.pr_id),
    latestModification(db, order),
    actionsOf(db, viewer, order),
    redactorOf(db, order),
  ]);
  const hidden = new Set(maskedFields(order));
  const parties = maskOrder({
    is_dtp: order.is_dtp,
    to_goodstype: order.to_goodstype,
    from_phone: order.from_phone,
    from_address: order.from_address,
    to_phone: order.to_phone,
    to_address: order.to_address,
    sign_name: order.sign_name,
  });
  return {
    ...row,
    from_phone: parties.from_phone,
    from_address: parties.from_address,
    from_city_id: shownRegion(districts, order.from_city_id, hidden.has('from_address')),
    // a masked side's street is hidden, and so is its district (the city stays, as in the list)
    from_district: hidden.has('from_address') ? '' : districtName(districts, order.from_city_id),
    to_phone: parties.to_phone,
    to_address: parties.to_address,
    to_city_id: shownRegion(districts, order.to_city_id, hidden.has('to_address')),
    to_district: hidden.has('to_address') ? '' : districtName(districts, order.to_city_id),
    ho_id: order.ho_id,
    sign_name: parties.sign_name === null ? null : redact.text(parties.sign_name, 'provider'),
    signed_at: iso(order.signed_at),
    remark: redact.text(order.remark, 'customer'),
    cancel_reason: order.cancel_reason === null ? null : redact.text(order.cancel_reason, 'customer'),
    merged_into: order.merged_into,
    merged_into_no: merged?.order_no ?? null,
    masked: [...hidden],
    required_attachments: required,
    modification,
    actions,
  };
}

/** `customer-order/view`: the whole order, masked, with what the viewer may do now. */
export async function orderDetail(db: DB, viewer: Viewer, order: Row<'orders'>): Promise<OrderDetail> {
  const [data, goods, boxes, events, attachments, remarks, sources] = await Promise.all([
    orderData(db, viewer, order),
    goodsOf(db, order.id),
    boxesOf(db, order.id),
    eventsOf(db, order),
    attachmentsOf(db, order),
    remarksOf(db, order),
    sourcesOf(db, order.id),
  ]);
  return { ...data, goods, boxes, events, attachments, remarks, sources };
}
