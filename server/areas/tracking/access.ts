import type { Row } from '../../db/schema.ts';
import { timingSafeEqual } from 'node:crypto';
import { Code } from '../../../src/contract/codes.ts';
import { normalizeShareCode } from '../../../src/contract/tracking/schemas.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { checkCaptcha } from '../accounts/captcha.ts';
import { addressKey } from '../../core/address-key.ts';
import { clearFailures, lookupStanding, recordFailure, trackingCaptcha } from './failures.ts';
import { codeMatches, isShareToken, readShareToken, trackingKey } from './share-secrets.ts';
import { readView, type View } from './view-tokens.ts';

/**
 * Who may see an order's tracking: a lookup with a second factor, a share link's token, or a view
 * token one of them gave. Every refusal is one 404 per call, whatever failed, so that nothing is
 * confirmed (not even that the order number exists).
 */

const noMatch = () => new ApiError(Code.notFound, 'No order matches these details');
const linkEnded = () => new ApiError(Code.notFound, 'This tracking link is not valid or has ended');
const viewEnded = () =>
  new ApiError(Code.notFound, 'This tracking view has ended, please look the order up again');

/** A share that still works at `now` (not revoked, not expired), or null. */
export async function liveShare(db: DB, shareId: number, now: Date): Promise<Row<'tracking_shares'> | null> {
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
  order: Row<'orders'>;
  shareId: number | null;
  /** When a view token's view ends (ms since the epoch; viewedOrder only). */
  until?: number;
}

export interface LookupInput {
  order_no: string;
  phone4?: string | undefined;
  share_code?: string | undefined;
  captcha?: string | undefined;
}

/** 429 with how long this address is still refused (`data.retry_after`, whole seconds). */
export function refused(waitMs: number): ApiError {
  const retry_after = Math.ceil(waitMs / 1000);
  return new ApiError(
    Code.tooManyRequests,
    'Too many failed lookups from your address: please try again in {minutes} min',
    { retry_after },
    { params: { minutes: Math.ceil(retry_after / 60) } },
  );
}

/**
 * `tracking/lookup` from a client `address`: 429 while this address is refused (failures.ts;
 * nothing is checked or counted then); the captcha first when the order number or the address
 * failed too often (475/476); then the order and its second factor (404 for any mismatch, counted
 * as a failure).
 */
export async function lookupOrder(
  db: DB,
  input: LookupInput,
  address: string,
  now: Date,
  options: { perAddress: boolean } = { perAddress: false },
): Promise<Opened> {
  const orderNo = input.order_no;
  const from = addressKey(address);
  const standing = await lookupStanding(db, orderNo, from, now, options.perAddress);
  if (standing.wait > 0) throw refused(standing.wait);
  if (standing.captcha) {
    if (!input.captcha) throw new ApiError(Code.captchaRequired, 'Please enter the captcha');
    await checkCaptcha(db, trackingCaptcha(orderNo, from), input.captcha, now);
  }
  const order = await db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  // an unknown order number goes through the same steps (no early answer tells it apart)
  const shareId = await secondFactor(db, order ?? null, input, now);
  if (!order || shareId === undefined) {
    await recordFailure(db, orderNo, from, now);
    throw noMatch();
  }
  await clearFailures(db, orderNo, from);
  if (shareId !== null) await markUsed(db, shareId, now);
  return { order, shareId };
}

/**
 * Whether the factor opens the order: null when the phone's digits match, the share's id when a
 * share's code or token does, undefined when nothing matches (always for no order).
 */
async function secondFactor(
  db: DB,
  order: Row<'orders'> | null,
  input: LookupInput,
  now: Date,
): Promise<number | null | undefined> {
  if (input.phone4 !== undefined) {
    const expected = order ? lastFour(order.to_phone) : '';
    const same = sameText(expected || 'none', input.phone4);
    return order && expected !== '' && same ? null : undefined;
  }
  const given = input.share_code ?? '';
  const key = await trackingKey(db);
  if (isShareToken(given)) {
    const token = readShareToken(key, given, now);
    if (token.result !== 'ok') return undefined;
    const share = await liveShare(db, token.shareId, now);
    return order && share && share.order_id === order.id ? share.id : undefined;
  }
  const typed = normalizeShareCode(given);
  const shares = await db
    .selectFrom('tracking_shares')
    .select('id')
    .where('order_id', '=', order?.id ?? 0)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  // every live share is compared (no early exit), each in constant time
  let found: number | undefined;
  for (const share of shares) if (codeMatches(key, share.id, typed)) found = share.id;
  return found;
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
  return { order, shareId: view.shareId, until: (view.expires ?? 0) * 1000 };
}

async function markUsed(db: DB, shareId: number, now: Date): Promise<void> {
  await db.updateTable('tracking_shares').set({ last_used_at: now }).where('id', '=', shareId).execute();
}
