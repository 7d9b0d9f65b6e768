import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOfWindow } from '../../testing/accounts.ts';
import { socketFrom, type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { ADDRESS_LOCK_AFTER, FAILURE_WINDOW_MS, PAIR_LOCK_AFTER } from './failures.ts';
import { lookup, newAddress, trackedOrder } from '../../testing/tracking-test-helpers.ts';

beforeAll(() => testDatabase());
afterEach(() => {
  vi.useRealTimers();
});

const ANSWER = 'K3M7X';

/** The captcha image for an order number, fetched from `ip` (its answer: the test answer). */
const image = (t: TestApp, orderNo: string, ip: string) =>
  t.app.request(`/api/tracking/captcha.html?order_no=${encodeURIComponent(orderNo)}`, {}, socketFrom(ip));

/** A lookup from `ip` that answers the captcha when asked for it (as the tracking form does). */
async function persistent(t: TestApp, body: Record<string, unknown>, ip: string) {
  const first = await lookup(t, body, { ip });
  if (first.code !== 475) return { ...first, captcha: false };
  await image(t, String(body.order_no), ip);
  return { ...(await lookup(t, { ...body, captcha: ANSWER }, { ip })), captcha: true };
}

describe('tracking: guessing slows the guesser, never the recipient', () => {
  // about 120 calls and 50 images: 5–20 s on a busy 2-core machine
  it('31 failed lookups of one order number (rate limits on): the recipient with the right digits gets in, with a captcha', {
    timeout: 60_000,
  }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp({ captchaTestAnswer: ANSWER, rateLimits: true });
    startOfWindow(t, 60_000);
    const { order } = await trackedOrder(t);
    const wrong = { order_no: order.order_no, phone4: '0000' };
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await persistent(t, wrong, newAddress())).code);
    expect(new Set(codes)).toEqual(new Set([404]));
    const recipient = await persistent(t, { order_no: order.order_no, phone4: '5678' }, newAddress());
    expect([recipient.code, recipient.captcha]).toEqual([0, true]);
    // nor does fetching images for the order number use up another address's
    const attacker = newAddress();
    for (let i = 0; i < 21; i++) await image(t, order.order_no, attacker);
    const res = await image(t, order.order_no, newAddress());
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it(`refuses an address that failed ${PAIR_LOCK_AFTER} times on one order number (429, right digits too) for the rest of the hour`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp({ captchaTestAnswer: ANSWER });
    const { order } = await trackedOrder(t);
    const right = { order_no: order.order_no, phone4: '5678' };
    const ip = newAddress();
    for (let i = 0; i < PAIR_LOCK_AFTER; i++) {
      expect((await persistent(t, { ...right, phone4: `00${10 + i}` }, ip)).code).toBe(404);
      t.advance(60_000);
    }
    const refused = await persistent(t, right, ip);
    expect([refused.code, refused.data, refused.message]).toEqual([
      429,
      { retry_after: 50 * 60 },
      'Too many failed lookups from your address: please try again in 50 min',
    ]);
    // another address of the same /64 is the same address
    expect((await persistent(t, right, ip.replace('::1', '::2'))).code).toBe(429);
    // the recipient elsewhere: a captcha, then in
    expect(await persistent(t, right, newAddress())).toMatchObject({ code: 0, captcha: true });
    const trail = await t.deps.db
      .selectFrom('security_events')
      .select(['kind', 'failures'])
      .where('subject', '=', order.order_no)
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { kind: 'tracking-order', failures: 5 },
      { kind: 'tracking-locked', failures: PAIR_LOCK_AFTER },
    ]);
    // once the first failure is an hour old, fewer than 10 count: the address may look up again
    t.advance(FAILURE_WINDOW_MS - 10 * 60_000 + 1000);
    expect((await persistent(t, right, ip)).code).toBe(0);
  });

  // about 110 calls and 40 images: 5–20 s on a busy 2-core machine
  it(`refuses an address that failed ${ADDRESS_LOCK_AFTER} times over any order numbers (rate limits on), and nobody else`, {
    timeout: 60_000,
  }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp({ captchaTestAnswer: ANSWER, rateLimits: true });
    const { order } = await trackedOrder(t);
    const ip = newAddress();
    for (let i = 0; i < ADDRESS_LOCK_AFTER; i++) {
      // 7 s apart: at most 18 lookups a minute, under the address's limit of 20
      t.advance(7000);
      const orderNo = `LP20990102${String(100_000 + i * 7).padStart(6, '0')}`;
      expect((await persistent(t, { order_no: orderNo, phone4: '1234' }, ip)).code).toBe(404);
    }
    expect((await persistent(t, { order_no: order.order_no, phone4: '5678' }, ip)).code).toBe(429);
    expect((await persistent(t, { order_no: order.order_no, phone4: '5678' }, newAddress())).code).toBe(0);
  });
});
