import type { Row } from '../../db/schema.ts';
import { Code } from '../../../src/contract/codes.ts';
import { ApiError, say } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import type { DB } from '../../db/database.ts';
import { moveHoldings } from '../inventory/reservations.ts';
import { insertOrder, type NewOrder } from './order-store.ts';
import { allowedFrom } from './transitions.ts';
import { AuditBuffer } from '../audit/trail.ts';
import { type Actor, applyTransition, auditActor, lockOrders } from './write.ts';

/**
 * What orders must share to be merged, in the groups a refusal names: project, type, direct-to-
 * patient, goods type, temperature class, hospital, and both parties' addresses.
 */
const MERGE_GROUPS = [
  { label: 'project', keys: ['pr_id'] },
  { label: 'order type', keys: ['order_type'] },
  { label: 'direct-to-patient delivery', keys: ['is_dtp'] },
  { label: 'goods type', keys: ['to_goodstype'] },
  { label: 'temperature class', keys: ['temp_class'] },
  { label: 'hospital', keys: ['ho_id'] },
  { label: 'sender', keys: ['from_company', 'from_address', 'from_city_id'] },
  { label: 'recipient', keys: ['to_company', 'to_address', 'to_city_id'] },
] as const satisfies ReadonlyArray<{ label: ServerMessage; keys: ReadonlyArray<keyof Row<'orders'>> }>;

/** The groups in which `other` differs from `first`. */
const differences = (first: Row<'orders'>, other: Row<'orders'>) =>
  MERGE_GROUPS.filter((g) => g.keys.some((key) => other[key] !== first[key]));

/**
 * The 422 of orders that differ: which orders differ from the first, and in what, in the caller's
 * language ("LP2 differ from LP1 in project, recipient").
 */
function unlike(sources: [Row<'orders'>, ...Row<'orders'>[]], lang: Lang): ApiError | null {
  const [first, ...rest] = sources;
  const differing = rest.filter((o) => differences(first, o).length > 0);
  if (differing.length === 0) return null;
  const groups = MERGE_GROUPS.filter((g) => differing.some((o) => differences(first, o).includes(g)));
  const message =
    'Orders to merge must have the same project, addresses, temperature class and goods type: {orders} differ from {first} in {fields}';
  return new ApiError(Code.invalid, message, null, {
    params: {
      orders: differing.map((o) => o.order_no).join(', '),
      first: first.order_no,
      fields: groups.map((g) => say(g.label, lang)).join(lang === 'en' ? ', ' : '、'),
    },
    fields: { ids: message },
  });
}

type Goods = NonNullable<NewOrder['goods']>[number];
type Box = NonNullable<NewOrder['boxes']>[number];

const earliest = (values: Array<Date | null>): Date | null =>
  values.filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;

/** The sources' goods as one list: the same inventory line and batch summed. */
async function unionOfGoods(db: DB, ids: number[]): Promise<Goods[]> {
  const rows = await db
    .selectFrom('order_goods')
    .selectAll()
    .where('order_id', 'in', ids)
    .orderBy('id')
    .execute();
  const lines = new Map<string, Goods & { quantity: number }>();
  for (const g of rows) {
    const expiry = g.expiry ? g.expiry.toISOString().slice(0, 10) : null;
    const key = JSON.stringify([g.in_id, g.goods_type, g.code, g.name, g.spec, g.batch_no, expiry, g.unit]);
    const line = lines.get(key);
    if (line) line.quantity = Math.round((line.quantity + Number(g.quantity)) * 1000) / 1000;
    else
      lines.set(key, {
        in_id: g.in_id,
        goods_type: g.goods_type,
        code: g.code,
        name: g.name,
        spec: g.spec,
        batch_no: g.batch_no,
        expiry,
        quantity: Number(g.quantity),
        unit: g.unit,
      });
  }
  return [...lines.values()];
}

async function allBoxes(db: DB, ids: number[]): Promise<Box[]> {
  const rows = await db
    .selectFrom('order_boxes')
    .selectAll()
    .where('order_id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((b) => ({ box_type: b.box_type, logger_id: b.logger_id, weight_kg: b.weight_kg }));
}

/**
 * `customer-order/merge`, inside the caller's transaction: ≥ 2 of the customer's open orders
 * (404 for another's id, 409 for one no longer open, 422 when they differ in a MERGE_KEYS field)
 * become one new order: the sources' goods summed per inventory line and batch, all their boxes,
 * the earliest pickup and delivery times. It is `pending_approval` when any source still was,
 * else `pending_confirm`. Each source is cancelled with `merged_into` and an event "Merged into
 * LP…"; the new order records its sources (order_sources) and an event "Merged from …". What
 * the sources held of the stock moves to the new order (inventory/reservations.ts).
 */
export async function mergeOrders(
  db: DB,
  cuId: number | null,
  ids: number[],
  actor: Actor,
  now: Date,
  lang: Lang,
): Promise<{ id: number; order_no: string }> {
  const sources = await lockOrders(db, cuId, ids);
  const closed = sources.filter((o) => !allowedFrom('merge').includes(o.status));
  if (closed.length > 0)
    throw new ApiError(
      Code.conflict,
      'Only orders pending approval or confirmation can be merged: {orders}',
      null,
      {
        params: { orders: closed.map((o) => o.order_no).join(', ') },
      },
    );
  const [first] = sources as [Row<'orders'>, ...Row<'orders'>[]];
  const refusal = unlike(sources as [Row<'orders'>, ...Row<'orders'>[]], lang);
  if (refusal) throw refusal;
  const sourceIds = sources.map((o) => o.id);
  const remarks = [...new Set(sources.map((o) => o.remark.trim()).filter(Boolean))];
  const merged = await insertOrder(
    db,
    {
      cu_id: first.cu_id,
      pr_id: first.pr_id,
      order_type: first.order_type,
      status: sources.some((o) => o.status === 'pending_approval') ? 'pending_approval' : 'pending_confirm',
      is_dtp: first.is_dtp,
      to_goodstype: first.to_goodstype,
      temp_class: first.temp_class,
      from_company: first.from_company,
      from_contact: first.from_contact,
      from_phone: first.from_phone,
      from_address: first.from_address,
      from_city_id: first.from_city_id,
      to_company: first.to_company,
      to_contact: first.to_contact,
      to_phone: first.to_phone,
      to_address: first.to_address,
      to_city_id: first.to_city_id,
      ho_id: first.ho_id,
      pickup_at: earliest(sources.map((o) => o.pickup_at)),
      deliver_by: earliest(sources.map((o) => o.deliver_by)),
      sign_name: null,
      signed_at: null,
      remark: remarks.join('\n'),
      merged_into: null,
      cancel_reason: null,
      created_by: actor.uid,
      goods: await unionOfGoods(db, sourceIds),
      boxes: await allBoxes(db, sourceIds),
    },
    now,
    actor,
  );
  await db
    .insertInto('order_sources')
    .values(sourceIds.map((source_id) => ({ order_id: merged.id, source_id })))
    .execute();
  await db
    .insertInto('order_events')
    .values({
      order_id: merged.id,
      at: now,
      kind: 'merged',
      status_from: null,
      status_to: null,
      actor_kind: actor.kind,
      actor_name: actor.name,
      uid: actor.uid,
      reason: say('Merged from {orders}', lang, { orders: sources.map((o) => o.order_no).join(', ') }),
    })
    .execute();
  const reason = say('Merged into {order_no}', lang, { order_no: merged.order_no });
  const audit = new AuditBuffer();
  audit.record({
    cuId: first.cu_id,
    recordType: 'order',
    recordId: merged.id,
    action: 'merge_create',
    actor: auditActor(actor),
    changes: [{ field: 'merged_from', old: null, new: sources.map((o) => o.order_no) }],
  });
  for (const source of sources)
    await applyTransition(db, source, 'merge', {
      actor,
      now,
      audit,
      reason,
      fields: { merged_into: merged.id, cancel_reason: reason },
    });
  await moveHoldings(db, sources, merged, now);
  // the chains' locks last (after the stock lines'), in the transaction the caller opened
  await audit.flush(db, now);
  return merged;
}
