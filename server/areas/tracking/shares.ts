import type { Share, ShareItem } from '../../../src/contract/tracking/schemas.ts';
import { notFound } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction, sessionActor } from '../audit/trail.ts';
import { iso } from '../orders/rows.ts';
import { groupCode, shareCode, shareToken, trackingKey } from './share-secrets.ts';

/**
 * The share calls of the order view: make, list and revoke an order's shares. Customer scoping:
 * another customer's order or share (or none) answers 404 and changes nothing.
 */

const DAY_MS = 24 * 60 * 60_000;

const shareNotFound = () => notFound('No such share');

/** The shares (all, or one) of the customer, with their order's number and maker's name. */
function selectShares(db: DB, cuId: number) {
  return db
    .selectFrom('tracking_shares as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .leftJoin('users as u', 'u.uid', 's.created_by')
    .select([
      's.id',
      's.order_id',
      'o.order_no',
      's.expires_at',
      's.revoked_at',
      's.created_at',
      's.last_used_at',
      'u.name as created_by',
    ])
    .where('s.cu_id', '=', cuId)
    .where('o.cu_id', '=', cuId);
}

type ShareRow = Awaited<ReturnType<ReturnType<typeof selectShares>['executeTakeFirstOrThrow']>>;

/** A share as listed: no code, no link. */
function itemOf(key: Buffer, row: ShareRow): ShareItem {
  return {
    id: row.id,
    order_id: row.order_id,
    order_no: row.order_no,
    code_tail: shareCode(key, row.id).slice(-4),
    expires_at: new Date(row.expires_at).toISOString(),
    revoked_at: iso(row.revoked_at),
    created_at: new Date(row.created_at).toISOString(),
    created_by: row.created_by ?? '',
    last_used_at: iso(row.last_used_at),
  };
}

/** A share as made: with its code and link. */
function shareOf(key: Buffer, row: ShareRow): Share {
  const token = shareToken(key, row.id, new Date(row.created_at), new Date(row.expires_at));
  return {
    ...itemOf(key, row),
    code: groupCode(shareCode(key, row.id)),
    token,
    path: `/track?share=${encodeURIComponent(token)}`,
  };
}

/** Who makes or revokes a share: the session's user on its current customer. */
export interface ShareViewer {
  uid: number;
  name: string;
  cuId: number | null;
}

/** What the trail keeps of a share: its id and times, never its code or link (either opens the order). */
const shareField = (id: number) => `shares.${id}`;
const stamp = (at: Date | string) => new Date(at).toISOString();

/**
 * `customer-order/share-create`: a share of the customer's order for `days` days, recorded in the
 * order's audit trail (action `share`) in the same transaction.
 */
export async function createShare(
  db: DB,
  viewer: ShareViewer,
  orderId: number,
  days: number,
  now: Date,
): Promise<Share> {
  const cuId = viewer.cuId;
  if (cuId === null) throw notFound('No such order');
  const row = await auditedTransaction(db, now, async (trx, audit) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'cu_id'])
      .where('id', '=', orderId)
      .where('cu_id', '=', cuId)
      .executeTakeFirst();
    if (!order) throw notFound('No such order');
    // whole seconds: the token carries the expiry in seconds
    const expiresAt = new Date(Math.floor((now.getTime() + days * DAY_MS) / 1000) * 1000);
    const { id } = await trx
      .insertInto('tracking_shares')
      .values({
        order_id: order.id,
        cu_id: order.cu_id,
        created_by: viewer.uid,
        expires_at: expiresAt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    audit.record({
      cuId: order.cu_id,
      recordType: 'order',
      recordId: order.id,
      action: 'share',
      actor: sessionActor(viewer),
      changes: [{ field: shareField(id), old: null, new: { expires_at: stamp(expiresAt) } }],
    });
    return selectShares(trx, cuId).where('s.id', '=', id).executeTakeFirstOrThrow();
  });
  return shareOf(await trackingKey(db), row);
}

/** `customer-order/share-list`: the order's shares, newest first. */
export async function listShares(
  db: DB,
  cuId: number | null,
  orderId: number,
): Promise<{ list: ShareItem[] }> {
  if (cuId === null) throw notFound('No such order');
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('cu_id', '=', cuId)
    .executeTakeFirst();
  if (!order) throw notFound('No such order');
  const rows = await selectShares(db, cuId)
    .where('s.order_id', '=', order.id)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  const key = await trackingKey(db);
  return { list: rows.map((row) => itemOf(key, row)) };
}

/**
 * `customer-order/share-revoke`: ends the share now, recorded in its order's audit trail (action
 * `share_revoke`); revoking again answers the same record and writes nothing.
 */
export async function revokeShare(
  db: DB,
  viewer: ShareViewer,
  shareId: number,
  now: Date,
): Promise<ShareItem> {
  const cuId = viewer.cuId;
  if (cuId === null) throw shareNotFound();
  const row = await auditedTransaction(db, now, async (trx, audit) => {
    const found = await selectShares(trx, cuId).where('s.id', '=', shareId).executeTakeFirst();
    if (!found) throw shareNotFound();
    const revoked = await trx
      .updateTable('tracking_shares')
      .set({ revoked_at: now })
      .where('id', '=', shareId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) === 1) {
      const expires_at = stamp(found.expires_at);
      audit.record({
        cuId,
        recordType: 'order',
        recordId: found.order_id,
        action: 'share_revoke',
        actor: sessionActor(viewer),
        changes: [
          {
            field: shareField(shareId),
            old: { expires_at, revoked_at: null },
            new: { expires_at, revoked_at: stamp(now) },
          },
        ],
      });
    }
    return selectShares(trx, cuId).where('s.id', '=', shareId).executeTakeFirstOrThrow();
  });
  return itemOf(await trackingKey(db), row);
}
