import type { DB } from '../../db/database.ts';
import type { CaptchaFor } from '../accounts/captcha.ts';
import { recordSecurityEvent } from '../accounts/security-events.ts';

/**
 * Failed lookups, counted over the last hour (FAILURE_WINDOW_MS) per order number, per client
 * address (accounts/login-delays.ts addressKey: an IPv6 address by its /64), and per both:
 *
 * - after PER_ORDER failures for an order number (from any address) or PER_ADDRESS from one
 *   address (for any order numbers), lookups of it need the captcha: the recipient with the right
 *   digits meets a captcha at most, whoever else is guessing;
 * - after PAIR_LOCK_AFTER failures of one order number from one address, that address is refused
 *   that order number (429) until its failures fall below that within the hour; after
 *   ADDRESS_LOCK_AFTER from one address (any order numbers), that address is refused every lookup
 *   the same way (while per-address limits are on, as rate limits are: the test suites and
 *   benchmarks share one address). Only the failing address is refused: there is no lock of an order number (one
 *   let anyone block a recipient for an hour with 31 lookups, issue 27).
 *
 * A success forgets only that address's failures for that order number, never other addresses'.
 */
export const FAILURE_WINDOW_MS = 60 * 60_000;
export const PER_ORDER = 5;
export const PER_ADDRESS = 10;
export const PAIR_LOCK_AFTER = 10;
export const ADDRESS_LOCK_AFTER = 50;

/** The captcha a lookup of `orderNo` from `address` answers (one per order number and address). */
export const trackingCaptcha = (orderNo: string, address: string): CaptchaFor => ({
  scope: 'tracking',
  key: `${orderNo}\n${address}`,
});

type Scope = { order_no?: string; address?: string };

function failures(db: DB, scope: Scope, now: Date) {
  let query = db
    .selectFrom('tracking_failures')
    .where('failed_at', '>', new Date(now.getTime() - FAILURE_WINDOW_MS));
  if (scope.order_no !== undefined) query = query.where('order_no', '=', scope.order_no);
  if (scope.address !== undefined) query = query.where('address', '=', scope.address);
  return query;
}

async function count(db: DB, scope: Scope, now: Date): Promise<number> {
  const row = await failures(db, scope, now)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Milliseconds until fewer than `limit` failures of `scope` remain within the hour (0 when fewer
 * already): the limit-th newest leaves the window then.
 */
async function lockRemaining(db: DB, scope: Scope, limit: number, now: Date): Promise<number> {
  const row = await failures(db, scope, now)
    .select('failed_at')
    .orderBy('failed_at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  if (!row) return 0;
  return Math.max(0, new Date(row.failed_at).getTime() + FAILURE_WINDOW_MS - now.getTime());
}

export interface LookupStanding {
  /** Milliseconds this address is still refused this lookup (429); 0: it may look up. */
  wait: number;
  captcha: boolean;
}

/**
 * Where a lookup of `orderNo` from `address` stands now; `perAddress`: whether the lock of an
 * address over all order numbers applies (config.rateLimits).
 */
export async function lookupStanding(
  db: DB,
  orderNo: string,
  address: string,
  now: Date,
  perAddress: boolean,
): Promise<LookupStanding> {
  const wait = Math.max(
    await lockRemaining(db, { order_no: orderNo, address }, PAIR_LOCK_AFTER, now),
    perAddress ? await lockRemaining(db, { address }, ADDRESS_LOCK_AFTER, now) : 0,
  );
  if (wait > 0) return { wait, captcha: false };
  const captcha =
    (await count(db, { order_no: orderNo }, now)) >= PER_ORDER ||
    (await count(db, { address }, now)) >= PER_ADDRESS;
  return { wait: 0, captcha };
}

/** Counts a failed lookup and leaves the trail of the thresholds it reached (security_events). */
export async function recordFailure(db: DB, orderNo: string, address: string, now: Date): Promise<void> {
  await db.insertInto('tracking_failures').values({ order_no: orderNo, address, failed_at: now }).execute();
  const byOrder = await count(db, { order_no: orderNo }, now);
  const byPair = await count(db, { order_no: orderNo, address }, now);
  const byAddress = await count(db, { address }, now);
  const event = (kind: 'tracking-order' | 'tracking-locked' | 'tracking-address-locked', n: number) =>
    recordSecurityEvent(
      db,
      { kind, subject: kind === 'tracking-address-locked' ? '' : orderNo, address, failures: n },
      now,
    );
  if (byOrder === PER_ORDER) await event('tracking-order', byOrder);
  if (byPair === PAIR_LOCK_AFTER) await event('tracking-locked', byPair);
  if (byAddress === ADDRESS_LOCK_AFTER) await event('tracking-address-locked', byAddress);
}

/** After a success: this address's failures for this order number are forgotten (others stay). */
export async function clearFailures(db: DB, orderNo: string, address: string): Promise<void> {
  await db
    .deleteFrom('tracking_failures')
    .where('order_no', '=', orderNo)
    .where('address', '=', address)
    .execute();
}
