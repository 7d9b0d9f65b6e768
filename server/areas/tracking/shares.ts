import type { Share, ShareItem } from '../../../src/contract/tracking/schemas.ts';
import { notFound } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
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

/** `customer-order/share-create`: a share of the customer's order for `days` days. */
export async function createShare(
  db: DB,
  viewer: { uid: number; cuId: number | null },
  orderId: number,
  days: number,
  now: Date,
): Promise<Share> {
  if (viewer.cuId === null) throw notFound('No such order');
  const order = await db
    .selectFrom('orders')
    .select(['id', 'cu_id'])
    .where('id', '=', orderId)
    .where('cu_id', '=', viewer.cuId)
    .executeTakeFirst();
  if (!order) throw notFound('No such order');
  const { id } = await db
    .insertInto('tracking_shares')
    .values({
      order_id: order.id,
      cu_id: order.cu_id,
      created_by: viewer.uid,
      // whole seconds: the token carries the expiry in seconds
      expires_at: new Date(Math.floor((now.getTime() + days * DAY_MS) / 1000) * 1000),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await selectShares(db, viewer.cuId).where('s.id', '=', id).executeTakeFirstOrThrow();
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

/** `customer-order/share-revoke`: ends the share now; revoking again answers the same record. */
export async function revokeShare(
  db: DB,
  cuId: number | null,
  shareId: number,
  now: Date,
): Promise<ShareItem> {
  if (cuId === null) throw shareNotFound();
  const found = await selectShares(db, cuId).where('s.id', '=', shareId).executeTakeFirst();
  if (!found) throw shareNotFound();
  await db
    .updateTable('tracking_shares')
    .set({ revoked_at: now })
    .where('id', '=', shareId)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await selectShares(db, cuId).where('s.id', '=', shareId).executeTakeFirstOrThrow();
  return itemOf(await trackingKey(db), row);
}
