import { randomInt } from 'node:crypto';
import { Code } from '../../../src/contract/codes.ts';
import { addressKey } from '../../core/address-key.ts';
import { ApiError } from '../../core/errors.ts';
import { maskMobile, nationalNumber } from '../../core/mobile-number.ts';
import type { SmsSender } from '../../core/sms-sender.ts';
import type { DB } from '../../db/database.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { storeCaptcha } from '../accounts/captcha.ts';
import { refused } from './access.ts';
import { lookupStanding, trackingCaptcha } from './failures.ts';

/** One ask a minute per order, number and address (a clock minute: rate_limits' fixed window). */
export const TEXT_INTERVAL_MS = 60_000;
/** Codes for one order and number in a day (UTC), from any address; the number's own cap is 10 (accounts/sms.ts). */
export const TEXTS_PER_ORDER_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60_000;

const isMobile = (number: string) => /^1\d{10}$/.test(number);

/** Counts an ask against a fixed window; the seconds until the window ends when it is full, else 0. */
async function fullFor(db: DB, key: string, limit: number, windowMs: number, now: Date): Promise<number> {
  try {
    await hitRateLimit(db, key, limit, windowMs, now);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError && error.code === Code.tooManyRequests)) throw error;
    return Math.ceil((windowMs - (now.getTime() % windowMs)) / 1000);
  }
}

/**
 * `tracking/captcha-sms`, the captcha's alternative for people who cannot read the image (WCAG
 * 1.1.1): the captcha's answer, a 6-digit code, texted to the order's recipient, which the next
 * lookup from the same address then carries as its `captcha`, as it would the image's text (one
 * try, 5 minutes).
 *
 * The code replaces this address's captcha of the order number whatever the number typed, and is
 * texted only when that number is the recipient's mobile: the answer and the work are the same
 * either way (the text goes to the carrier after the answer), so the call tells nobody whether an
 * order or a number exists, and texts no number the order does not name. Limits, none of which
 * depends on whether the number matched: one ask a minute per order, number and address (429 with
 * the seconds to wait; the code sent before stays the one that counts); 5 codes a day per order
 * and number from all addresses; the number's 10 texts a day whatever sends them; an address
 * refused the lookup (429) is refused a code too; and while the lookup asks no captcha of this
 * address nothing is stored or sent.
 */
export async function sendTrackingCode(
  db: DB,
  sms: SmsSender,
  input: { order_no: string; mobile: string },
  address: string,
  now: Date,
  options: { perAddress: boolean },
): Promise<{ mobile: string }> {
  const from = addressKey(address);
  const standing = await lookupStanding(db, input.order_no, from, now, options.perAddress);
  if (standing.wait > 0) throw refused(standing.wait);
  const typed = nationalNumber(input.mobile);
  const answer = { mobile: maskMobile(typed) };
  // no captcha asked of this lookup: nothing to answer, and no text to anyone
  if (!standing.captcha) return answer;
  const order = await db
    .selectFrom('orders')
    .select('to_phone')
    .where('order_no', '=', input.order_no)
    .executeTakeFirst();
  const key = `tracking-sms:${input.order_no}:${typed}`;
  const seconds = await fullFor(db, `${key}:${from}`, 1, TEXT_INTERVAL_MS, now);
  if (seconds > 0)
    throw new ApiError(
      Code.tooManyRequests,
      'Please wait {seconds} seconds before asking for another code',
      { seconds },
      { params: { seconds } },
    );
  if (await fullFor(db, `${key}:day`, TEXTS_PER_ORDER_PER_DAY, DAY_MS, now))
    throw new ApiError(
      Code.tooManyRequests,
      'This number has had as many codes as it may today, please try again tomorrow',
    );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await storeCaptcha(db, trackingCaptcha(input.order_no, from), code, now);
  const recipient = nationalNumber(order?.to_phone ?? '');
  if (isMobile(recipient) && recipient === typed) {
    const text = `Your code to track order ${input.order_no} is ${code}, valid for 5 minutes. 您查询运单 ${input.order_no} 的验证码为 ${code}，5 分钟内有效。`;
    // after the answer has gone: the carrier's time and errors (and the number's daily cap) would
    // otherwise say the number matched
    setImmediate(() => {
      sms.send(recipient, text).catch((error: unknown) => {
        console.error(
          `[sms] a tracking code was not sent: ${error instanceof Error ? error.message : error}`,
        );
      });
    });
  }
  return answer;
}
