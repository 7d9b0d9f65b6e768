import { timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import { normalizeShareCode } from '../../../src/contract/tracking/schemas.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { checkCaptcha } from '../accounts/captcha.ts';
import type { OrderRecord } from '../orders/detail.ts';
import { clearFailures, needsCaptcha, recordFailure, trackingCaptcha } from './failures.ts';
import { codeMatches, isShareToken, readShareToken, trackingKey } from './share-secrets.ts';
import type { TrackingSharesTable } from './tables.ts';
import { readView, type View } from './view-tokens.ts';

/**
 * Who may see an order's tracking: a lookup with a second factor, a share link's token, or a view
 * token one of them gave. Every refusal is one 404 per call, whatever failed, so that nothing is
 * confirmed (not even that the order number exists).
 */

export type ShareRecord = Selectable<TrackingSharesTable>;

const noMatch = () => new ApiError(Code.notFound, 'No order matches these details');
const linkEnded = () => new ApiError(Code.notFound, 'This tracking link is not valid or has ended');
const viewEnded = () =>
  new ApiError(Code.notFound, 'This tracking view has ended, please look the order up again');

/** A share that still works at `now` (not revoked, not expired), or null. */
export async function liveShare(db: DB, shareId: number, now: Date): Promise<ShareRecord | null> {
  const share = await db
    .selectFrom('tracking_shares')
    .selectAll()
    .where('id', '=', shareId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return share ?? null;
}

const orderById = (db: DB, id: number) =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

/** The last 4 digits of a phone (digits only; '' when it has fewer). */
export function lastFour(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : '';
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What opened the order: the order and the share used (null for the phone's digits). */
export interface Opened {
  order: OrderRecord;
  shareId: number | null;
}

export interface LookupInput {
  order_no: string;
  phone4?: string | undefined;
  share_code?: string | undefined;
  captcha?: string | undefined;
}

/**
 * `tracking/lookup`: the captcha first when the order number or the address failed too often
 * (475/476), then the order and its second factor (404 for any mismatch, counted as a failure).
 */
export async function lookupOrder(db: DB, input: LookupInput, address: string, now: Date): Promise<Opened> {
  const orderNo = input.order_no;
  if (await needsCaptcha(db, orderNo, address, now)) {
    if (!input.captcha) throw new ApiError(Code.captchaRequired, 'Please enter the captcha');
    await checkCaptcha(db, trackingCaptcha(orderNo, address), input.captcha, now);
  }
  const order = await db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  const opened = order ? await secondFactor(db, order, input, now) : null;
  if (!opened) {
    await recordFailure(db, orderNo, address, now);
    throw noMatch();
  }
  await clearFailures(db, orderNo, address);
  if (opened.shareId !== null) await markUsed(db, opened.shareId, now);
  return opened;
}

async function secondFactor(
  db: DB,
  order: OrderRecord,
  input: LookupInput,
  now: Date,
): Promise<Opened | null> {
  if (input.phone4 !== undefined) {
    const expected = lastFour(order.to_phone);
    return expected !== '' && sameText(expected, input.phone4) ? { order, shareId: null } : null;
  }
  const given = input.share_code ?? '';
  const key = await trackingKey(db);
  if (isShareToken(given)) {
    const token = readShareToken(key, given, now);
    if (token.result !== 'ok') return null;
    const share = await liveShare(db, token.shareId, now);
    return share && share.order_id === order.id ? { order, shareId: share.id } : null;
  }
  const typed = normalizeShareCode(given);
  const shares = await db
    .selectFrom('tracking_shares')
    .select('id')
    .where('order_id', '=', order.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  // every live share is compared (no early exit), each in constant time
  let found: number | null = null;
  for (const share of shares) if (codeMatches(key, share.id, typed)) found = share.id;
  return found === null ? null : { order, shareId: found };
}

/** `tracking/open`: a share link's token → its order (404 when forged, expired or revoked). */
export async function openShare(db: DB, token: string, now: Date): Promise<Opened> {
  const check = isShareToken(token) ? readShareToken(await trackingKey(db), token, now) : null;
  const share = check?.result === 'ok' ? await liveShare(db, check.shareId, now) : null;
  const order = share ? await orderById(db, share.order_id) : undefined;
  if (!share || !order) throw linkEnded();
  await markUsed(db, share.id, now);
  return { order, shareId: share.id };
}

/** A view token → its order, while the token is valid and the share it came from (if any) lives. */
export async function viewedOrder(db: DB, token: string, now: Date): Promise<Opened> {
  const view: View | null = readView(await trackingKey(db), token, now);
  if (!view) throw viewEnded();
  if (view.shareId !== null) {
    const share = await liveShare(db, view.shareId, now);
    if (!share || share.order_id !== view.orderId) throw viewEnded();
  }
  const order = await orderById(db, view.orderId);
  if (!order) throw viewEnded();
  return { order, shareId: view.shareId };
}

async function markUsed(db: DB, shareId: number, now: Date): Promise<void> {
  await db.updateTable('tracking_shares').set({ last_used_at: now }).where('id', '=', shareId).execute();
}
