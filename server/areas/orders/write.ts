import type { Row } from '../../db/schema.ts';
import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import type { OrderStatus } from '../../../src/contract/orders/domain.ts';
import { ApiError } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import type { DB } from '../../db/database.ts';
import type { SessionRecord } from '../../core/session.ts';
import type { AuditChange } from '../audit/tables.ts';
import type { AuditBuffer, Actor as AuditActor } from '../audit/trail.ts';
import { loadOrder, orderDetail, orderNotFound, type Viewer } from './detail.ts';
import { lockOrders as lockOrderRows } from './lock.ts';
import type { OrdersTable } from './tables.ts';
import { nextStatus, type OrderAction, TRANSITIONS } from './transitions.ts';

/** Who writes: the session's user, as the event log names them. */
export interface Actor {
  kind: 'customer' | 'provider' | 'system';
  name: string;
  uid: number | null;
  /** The customer's API client that wrote (`api_clients.id`; uid then null): the trail's actor. */
  client?: number;
}

/** The session's user, or the customer's API client whose token the call carries. */
export const customerActor = (session: SessionRecord): Actor =>
  session.client
    ? { kind: 'customer', name: session.client.name, uid: null, client: session.client.id }
    : { kind: 'customer', name: session.name, uid: session.uid };

/** The actor as the audit trail names it (a customer's user is a `user`, its API client a `client`). */
export const auditActor = (actor: Actor): AuditActor =>
  actor.client !== undefined
    ? { kind: 'client', id: actor.client, name: actor.name }
    : { kind: actor.kind === 'customer' ? 'user' : actor.kind, id: actor.uid, name: actor.name };

export const viewerOf = (session: SessionRecord): Viewer => ({ uid: session.uid, cuId: session.cuId });

/**
 * The customer's orders among `ids`, locked for the transaction (lock.ts: the first statement of
 * the transaction, ascending id); 404 unless every one is theirs.
 */
export async function lockOrders(
  db: DB,
  cuId: number | null,
  ids: readonly number[],
): Promise<Row<'orders'>[]> {
  if (cuId === null) throw orderNotFound();
  const rows = await lockOrderRows(db, { ids, cuId });
  if (rows.length !== new Set(ids).size) throw orderNotFound();
  return rows;
}

/** One order of the customer, locked for the transaction (404 otherwise). */
export async function lockOrder(db: DB, cuId: number | null, id: number): Promise<Row<'orders'>> {
  const [order] = await lockOrders(db, cuId, [id]);
  if (!order) throw orderNotFound();
  return order;
}

/** 409 with the order as it is now (what the caller should look at before trying again). */
export async function conflictWithCurrent(
  db: DB,
  viewer: Viewer,
  id: number,
  message: ServerMessage,
): Promise<ApiError> {
  const current = await orderDetail(db, viewer, await loadOrder(db, viewer.cuId, id));
  return new ApiError(Code.conflict, message, current);
}

/**
 * Moves an order by `action` (the status table decides; refused: 409, nothing changed), bumps
 * its version and `updated_at`, sets `fields`, and writes the event (time, actor, reason).
 * Answers the new status and version. Run inside the caller's transaction; `order` is the locked
 * row, so its version is current.
 */
export async function applyTransition(
  db: DB,
  order: Row<'orders'>,
  action: OrderAction,
  context: {
    actor: Actor;
    now: Date;
    /** Where the transition's audit entry goes (flushed at the end of the caller's transaction). */
    audit: AuditBuffer;
    /** What else the act changes or asks for, beside the status and `fields` (its audit entry says it). */
    changes?: readonly AuditChange[];
    reason?: string;
    fields?: Omit<Updateable<OrdersTable>, 'status' | 'version' | 'updated_at'>;
    refused?: ServerMessage;
    /** The electronic signature of the act (signatures/record.ts), which its event names. */
    signatureId?: number;
  },
): Promise<{ id: number; status: OrderStatus; version: number }> {
  const to = nextStatus(action, order.status);
  if (to === null)
    throw new ApiError(
      Code.conflict,
      context.refused ?? 'The order has changed meanwhile; here is its current state',
    );
  const updated = await db
    .updateTable('orders')
    .set({ ...context.fields, status: to, version: sql<number>`version + 1`, updated_at: context.now })
    .where('id', '=', order.id)
    .where('version', '=', order.version)
    .returning(['id', 'status', 'version'])
    .executeTakeFirst();
  if (!updated)
    throw new ApiError(Code.conflict, 'The order has changed meanwhile; here is its current state');
  await db
    .insertInto('order_events')
    .values({
      order_id: order.id,
      at: context.now,
      kind: TRANSITIONS[action].event,
      status_from: order.status,
      status_to: to,
      actor_kind: context.actor.kind,
      actor_name: context.actor.name,
      uid: context.actor.uid,
      reason: context.reason ?? '',
      signature_id: context.signatureId ?? null,
    })
    .execute();
  const fields = Object.entries(context.fields ?? {}) as Array<[keyof Row<'orders'>, unknown]>;
  context.audit.record({
    cuId: order.cu_id,
    recordType: 'order',
    recordId: order.id,
    action,
    actor: auditActor(context.actor),
    reason: context.reason || null,
    changes: [
      { field: 'status', old: order.status, new: to },
      ...fields.map(([field, value]) => ({ field, old: order[field] ?? null, new: value ?? null })),
      ...(context.changes ?? []),
    ],
  });
  return updated;
}
