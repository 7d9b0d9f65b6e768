import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '../../core/address-key.ts';
import { type TestApp, testApp, testDatabase, socketFrom } from '../../testing/test-app.ts';
import { lookup, newAddress, trackedOrder } from '../../testing/tracking-test-helpers.ts';
import { PAIR_LOCK_AFTER, PER_ORDER } from './failures.ts';
import { TEXTS_PER_ORDER_PER_DAY } from './sms-alternative.ts';

beforeAll(() => testDatabase());

const IMAGE_ANSWER = 'K3M7X';

/** A mobile number of this test's own (a worker's test files share one database). */
const newMobile = () => `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/**
 * A test app whose texts are recorded as they are handed to the sender (in the outbox too). The
 * texts go out after the answer (setImmediate): `sent()` waits for that turn of the event loop.
 */
async function recordingApp(overrides: Parameters<typeof testApp>[0] = {}) {
  const t = await testApp(overrides);
  const texts: Array<{ mobile: string; body: string }> = [];
  const real = t.deps.sms;
  t.deps.sms = {
    send(mobile, body) {
      texts.push({ mobile, body });
      return real.send(mobile, body);
    },
  };
  const sent = async (mobile: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    return texts.filter((x) => x.mobile === mobile);
  };
  const codeTo = async (mobile: string) => {
    const body = (await sent(mobile)).at(-1)?.body ?? '';
    const code = /\b(\d{6})\b/.exec(body)?.[1];
    if (!code) throw new Error(`no code texted to ${mobile}`);
    return code;
  };
  return { t, sent, codeTo };
}

const askCode = (t: TestApp, body: Record<string, unknown>, ip: string) =>
  t.call<{ mobile: string; seconds?: number }>('tracking/captcha-sms', { body, ip });

/** The captcha image of an order number fetched from `ip` (its answer: the test answer). */
async function fetchImage(t: TestApp, orderNo: string, ip: string) {
  const res = await t.app.request(`/api/tracking/captcha.html?order_no=${orderNo}`, {}, socketFrom(ip));
  expect(res.status).toBe(200);
}

/** An order whose recipient's phone is stored as `stored`, past PER_ORDER failures: its lookups need the captcha. */
async function guardedOrder(t: TestApp, mobile: string, stored = mobile) {
  const { order } = await trackedOrder(t, { to_phone: stored });
  for (let i = 0; i < PER_ORDER; i++)
    expect((await lookup(t, { order_no: order.order_no, phone4: '0000' })).code).toBe(404);
  return { order, right: { order_no: order.order_no, phone4: mobile.slice(-4) } };
}

describe('tracking/captcha-sms: the captcha’s alternative', () => {
  it('texts the captcha’s answer to the recipient’s mobile only, and answers the same for any other number or order', async () => {
    const { t, sent, codeTo } = await recordingApp({ captchaTestAnswer: IMAGE_ANSWER });
    const mobile = newMobile();
    const other = newMobile();
    const { order, right } = await guardedOrder(
      t,
      mobile,
      `+86 ${mobile.slice(0, 3)}-${mobile.slice(3, 7)}-${mobile.slice(7)}`,
    );
    const ip = newAddress();
    expect((await lookup(t, right, { ip })).code).toBe(475);

    const theirs = await askCode(t, { order_no: order.order_no, mobile: `0086${mobile}` }, ip);
    const notTheirs = await askCode(t, { order_no: order.order_no, mobile: other }, newAddress());
    const noOrder = await askCode(t, { order_no: 'LP20990101000001', mobile }, newAddress());
    expect([theirs.code, theirs.data]).toEqual([0, { mobile: masked(mobile) }]);
    expect(theirs.message).toBe(
      `If ${masked(mobile)} is the recipient’s mobile number, a code has been sent to it`,
    );
    expect([notTheirs.code, notTheirs.data, notTheirs.message]).toEqual([
      0,
      { mobile: masked(other) },
      `If ${masked(other)} is the recipient’s mobile number, a code has been sent to it`,
    ]);
    // the unknown order answers as a known one does (its address has a captcha to answer too)
    expect([noOrder.code, noOrder.data]).toEqual([0, { mobile: masked(mobile) }]);

    const code = await codeTo(mobile);
    expect((await sent(mobile))[0]?.body).toContain(order.order_no);
    expect(await sent(other)).toEqual([]);

    // the code opens the lookup in the captcha's place, as the image's text would
    const opened = await lookup(t, { ...right, captcha: code }, { ip });
    expect(opened.code).toBe(0);
    expect(opened.data.tracking.order_no).toBe(order.order_no);
  });

  it('takes one ask a minute per order, number and address: another address (the recipient) still gets its own code', async () => {
    const { t, sent, codeTo } = await recordingApp();
    const mobile = newMobile();
    const { order, right } = await guardedOrder(t, mobile);
    const [someone, recipient] = [newAddress(), newAddress()];
    expect((await askCode(t, { order_no: order.order_no, mobile }, someone)).code).toBe(0);
    const again = await askCode(t, { order_no: order.order_no, mobile }, someone);
    expect(again.code).toBe(429);
    expect(again.message).toMatch(/^Please wait \d+ seconds before asking for another code$/);
    expect(again.data.seconds).toBeGreaterThan(0);
    expect(again.data.seconds).toBeLessThanOrEqual(60);
    expect(await sent(mobile)).toHaveLength(1);

    expect((await askCode(t, { order_no: order.order_no, mobile }, recipient)).code).toBe(0);
    const code = await codeTo(mobile);
    expect(await sent(mobile)).toHaveLength(2);
    expect((await lookup(t, { ...right, captcha: code }, { ip: recipient })).code).toBe(0);
  });

  it('is one try: a wrong answer ends the code, and the code replaces the image’s answer', async () => {
    const { t, codeTo } = await recordingApp({ captchaTestAnswer: IMAGE_ANSWER });
    const mobile = newMobile();
    const { order, right } = await guardedOrder(t, mobile);
    const ip = newAddress();
    await fetchImage(t, order.order_no, ip);
    await askCode(t, { order_no: order.order_no, mobile }, ip);
    const code = await codeTo(mobile);
    const imageAnswer = await lookup(t, { ...right, captcha: IMAGE_ANSWER }, { ip });
    expect([imageAnswer.code, imageAnswer.message]).toEqual([475, 'The captcha is wrong']);
    // that try used the code up
    expect((await lookup(t, { ...right, captcha: code }, { ip })).code).toBe(475);

    // and the image, fetched after a code, replaces the code
    t.advance(61_000);
    await askCode(t, { order_no: order.order_no, mobile }, ip);
    const second = await codeTo(mobile);
    expect(second).toMatch(/^\d{6}$/);
    await fetchImage(t, order.order_no, ip);
    expect((await lookup(t, { ...right, captcha: second }, { ip })).code).toBe(475);
  });

  it('sends at most 5 codes a day for one order and number, from any addresses', async () => {
    const { t, sent } = await recordingApp();
    const mobile = newMobile();
    const { order } = await guardedOrder(t, mobile);
    for (let i = 0; i < TEXTS_PER_ORDER_PER_DAY; i++)
      expect((await askCode(t, { order_no: order.order_no, mobile }, newAddress())).code).toBe(0);
    const over = await askCode(t, { order_no: order.order_no, mobile }, newAddress());
    expect([over.code, over.message]).toEqual([
      429,
      'This number has had as many codes as it may today, please try again tomorrow',
    ]);
    expect(await sent(mobile)).toHaveLength(TEXTS_PER_ORDER_PER_DAY);
  });

  it('sends nothing while the lookup asks no captcha, nor to a landline', async () => {
    const { t, sent } = await recordingApp();
    const mobile = newMobile();
    const { order } = await trackedOrder(t, { to_phone: mobile });
    expect((await askCode(t, { order_no: order.order_no, mobile }, newAddress())).code).toBe(0);
    expect(await sent(mobile)).toEqual([]);

    const landline = await guardedOrder(t, '02164951800', '021-6495-1800');
    const fixed = await askCode(
      t,
      { order_no: landline.order.order_no, mobile: '02164951800' },
      newAddress(),
    );
    expect(fixed.code).toBe(0);
    expect(await sent('02164951800')).toEqual([]);
  });

  it('refuses an address that is refused the lookup, and more than 5 asks in 15 minutes', async () => {
    const { t, sent } = await recordingApp({ rateLimits: true });
    const mobile = newMobile();
    const { order } = await trackedOrder(t, { to_phone: mobile });
    const ip = newAddress();
    // as many failures of this order from this address as lock it out (the captcha comes first)
    const failed = { order_no: order.order_no, address: addressKey(ip), failed_at: t.deps.now() };
    await t.deps.db.insertInto('tracking_failures').values(Array(PAIR_LOCK_AFTER).fill(failed)).execute();
    expect((await lookup(t, { order_no: order.order_no, phone4: mobile.slice(-4) }, { ip })).code).toBe(429);
    expect((await askCode(t, { order_no: order.order_no, mobile }, ip)).code).toBe(429);
    expect(await sent(mobile)).toEqual([]);

    const other = newAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await askCode(t, { order_no: order.order_no, mobile: newMobile() }, other)).code);
    expect(codes).toEqual([0, 0, 0, 0, 0, 429]);
  });

  it('refuses a number that is not one, with the field named', async () => {
    const t = await testApp();
    const res = await askCode(t, { order_no: 'LP20990101000001', mobile: 'call me' }, newAddress());
    expect(res.code).toBe(422);
    expect(Object.keys(res.data as object)).toEqual(['mobile']);
  });
});
