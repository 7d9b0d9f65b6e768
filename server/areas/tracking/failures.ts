import type { DB } from '../../db/database.ts';
import type { CaptchaFor } from '../accounts/captcha.ts';

/**
 * Failed lookups, counted per order number and per client address over the last hour: after
 * `PER_ORDER` failures for an order number (from any address), or `PER_ADDRESS` from one address
 * (for any order numbers), lookups of it need the captcha. A success forgets only that address's
 * failures for that order number, never other addresses' ones.
 */
export const FAILURE_WINDOW_MS = 60 * 60_000;
export const PER_ORDER = 5;
export const PER_ADDRESS = 10;

/** The captcha a lookup of `orderNo` from `address` answers (one per order number and address). */
export const trackingCaptcha = (orderNo: string, address: string): CaptchaFor => ({
  scope: 'tracking',
  key: `${orderNo}\n${address}`,
});

/** Whether a lookup of `orderNo` from `address` needs the captcha now. */
export async function needsCaptcha(db: DB, orderNo: string, address: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const [byOrder, byAddress] = await Promise.all([
    db
      .selectFrom('tracking_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('order_no', '=', orderNo)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tracking_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('address', '=', address)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(byOrder.n) >= PER_ORDER || Number(byAddress.n) >= PER_ADDRESS;
}

export async function recordFailure(db: DB, orderNo: string, address: string, now: Date): Promise<void> {
  await db.insertInto('tracking_failures').values({ order_no: orderNo, address, failed_at: now }).execute();
}

/** After a success: this address's failures for this order number are forgotten (others stay). */
export async function clearFailures(db: DB, orderNo: string, address: string): Promise<void> {
  await db
    .deleteFrom('tracking_failures')
    .where('order_no', '=', orderNo)
    .where('address', '=', address)
    .execute();
}
