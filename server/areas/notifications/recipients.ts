import { caseNo } from '../../../src/contract/excursions/domain.ts';
import type { NotificationKind } from '../../../src/contract/notifications/schemas.ts';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { deviceRef } from '../accounts/devices.ts';

/** Who is told of an event, as what, naming which record. */
export interface Told {
  kind: NotificationKind;
  uids: number[];
  ref: string;
  orderId: number | null;
}

/** The customer's users with any of these roles (approvers, administrators), still its members. */
async function usersWith(
  db: DB,
  cuId: number,
  roles: { approvers?: boolean; admins?: boolean },
): Promise<number[]> {
  const rows = await db
    .selectFrom('user_customers')
    .select('uid')
    .where('cu_id', '=', cuId)
    .where((eb) =>
      eb.or([
        ...(roles.approvers ? [eb('can_approve', '=', true)] : []),
        ...(roles.admins ? [eb('is_admin', '=', true)] : []),
      ]),
    )
    .execute();
  return rows.map((r) => r.uid);
}

/** Keeps the uids that are still members of the customer, once each, without the actor. */
async function members(
  db: DB,
  cuId: number,
  uids: Array<number | null>,
  actor: number | null,
): Promise<number[]> {
  const wanted = [...new Set(uids.filter((u): u is number => u !== null && u !== actor))];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('user_customers')
    .select('uid')
    .where('cu_id', '=', cuId)
    .where('uid', 'in', wanted)
    .execute();
  return rows.map((r) => r.uid).sort((a, b) => a - b);
}

const orderOf = (db: DB, cuId: number, id: number | null) =>
  id === null
    ? Promise.resolve(undefined)
    : db
        .selectFrom('orders')
        .select(['id', 'order_no', 'status', 'milestone', 'created_by'])
        .where('id', '=', id)
        .where('cu_id', '=', cuId)
        .executeTakeFirst();

/**
 * What an event of the outbox tells whom (nothing for most events): an order waiting for
 * approval its approvers, a case opened or decided the customer's approvers and administrators
 * and the order's author, a rejected document, an answered modification and a delivery the
 * order's author, a finished export its owner. The one who did it is not told, but for a
 * sign-in from a new device: that is told to the user signed in and to no one else (whoever
 * signed in with the user's password, the user must hear of it).
 */
export async function toldOf(db: DB, event: Row<'events'>): Promise<Told | null> {
  const { cu_id: cuId, kind, action } = event;
  const actor = event.actor_kind === 'user' ? event.actor_id : null;
  if (kind === 'device' && action === 'new' && event.audience !== null) {
    const device = await db
      .selectFrom('user_devices')
      .select(['agent', 'first_address', 'first_seen_at'])
      .where('id', '=', Number(event.record_id))
      .where('uid', '=', event.audience)
      .executeTakeFirst();
    const uids = await members(db, cuId, [event.audience], null);
    return device ? { kind: 'new_device_sign_in', uids, ref: deviceRef(device), orderId: null } : null;
  }
  if (kind === 'webhook' && action === 'disable') {
    const endpoint = await db
      .selectFrom('webhook_endpoints')
      .select('url')
      .where('id', '=', Number(event.record_id))
      .where('cu_id', '=', cuId)
      .executeTakeFirst();
    if (!endpoint) return null;
    // the customer's own receiver, named by its host (its path may carry a token)
    const uids = await members(db, cuId, await usersWith(db, cuId, { admins: true }), null);
    return { kind: 'webhook_disabled', uids, ref: new URL(endpoint.url).host, orderId: null };
  }
  if (kind === 'export' && action === 'done' && event.audience !== null) {
    const job = await db
      .selectFrom('export_jobs')
      .select('name')
      .where('id', '=', Number(event.record_id))
      .where('cu_id', '=', cuId)
      .executeTakeFirst();
    const uids = await members(db, cuId, [event.audience], null);
    return job ? { kind: 'export_ready', uids, ref: job.name, orderId: null } : null;
  }
  if (kind === 'excursion' && (action === 'open' || action === 'decide')) {
    const order = await orderOf(db, cuId, event.order_id);
    const uids = await members(
      db,
      cuId,
      [...(await usersWith(db, cuId, { approvers: true, admins: true })), order?.created_by ?? null],
      actor,
    );
    const told: NotificationKind = action === 'open' ? 'excursion_opened' : 'excursion_decided';
    return { kind: told, uids, ref: caseNo(Number(event.record_id)), orderId: order?.id ?? null };
  }
  if (kind !== 'order') return null;
  const order = await orderOf(db, cuId, event.order_id);
  if (!order) return null;
  const author = (k: NotificationKind) => async (): Promise<Told> => ({
    kind: k,
    uids: await members(db, cuId, [order.created_by], actor),
    ref: order.order_no,
    orderId: order.id,
  });
  if (action === 'create' && order.status === 'pending_approval')
    return {
      kind: 'approval_needed',
      uids: await members(db, cuId, await usersWith(db, cuId, { approvers: true }), actor),
      ref: order.order_no,
      orderId: order.id,
    };
  if (action === 'attachment_reject') return author('document_rejected')();
  if (action === 'modify_accepted' || action === 'modify_rejected') return author('modification_answered')();
  if (action === 'milestone' && order.milestone === 'delivered') return author('delivered')();
  return null;
}
