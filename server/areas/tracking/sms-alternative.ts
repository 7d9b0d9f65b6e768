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

/** One text a minute to one order's recipient (more asks within the minute send nothing). */
export const TEXT_INTERVAL_MS = 60_000;

const isMobile = (number: string) => /^1\d{10}$/.test(number);

/**
 * `tracking/captcha-sms`, the captcha's alternative for people who cannot read the image (WCAG
 * 1.1.1): the captcha's answer, a 6-digit code, texted to the order's recipient, which the next
 * lookup then carries as its `captcha` as it would the image's text (one try, 5 minutes).
 *
 * The code replaces this address's captcha of the order number whatever the number typed, and is
 * texted only when that number is the recipient's mobile: the answer, its time and its work are
 * the same either way (the text goes to the carrier in the background), so the call tells nobody
 * whether an order or a number exists, and texts no number the order does not name. One text a
 * minute per order and number (asked again within it, the code sent stays); an address refused this lookup (429) is refused a code too, and
 * while the lookup asks no captcha nothing is sent (the call is no way to text a recipient).
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
  const answer = { mobile: maskMobile(input.mobile.replace(/[\s-]/g, '')) };
  // no captcha asked of this lookup: nothing to answer, and no text to anyone
  if (!standing.captcha) return answer;
  const order = await db
    .selectFrom('orders')
    .select('to_phone')
    .where('order_no', '=', input.order_no)
    .executeTakeFirst();
  const typed = nationalNumber(input.mobile);
  try {
    await hitRateLimit(db, `tracking-sms:${input.order_no}:${typed}`, 1, TEXT_INTERVAL_MS, now);
  } catch (error) {
    // asked again within the minute: the code sent stays the one that counts
    if (error instanceof ApiError && error.code === Code.tooManyRequests) return answer;
    throw error;
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await storeCaptcha(db, trackingCaptcha(input.order_no, from), code, now);
  const recipient = nationalNumber(order?.to_phone ?? '');
  if (isMobile(recipient) && recipient === typed) {
    const text = `Your code to track order ${input.order_no} is ${code}, valid for 5 minutes. 您查询运单 ${input.order_no} 的验证码为 ${code}，5 分钟内有效。`;
    // not waiting for the carrier: its time and its errors would say the number matched
    sms.send(recipient, text).catch((error: unknown) => {
      console.error(`[sms] a tracking code was not sent: ${error instanceof Error ? error.message : error}`);
    });
  }
  return answer;
}
