import { randomInt } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressKey } from '../../core/address-key.ts';
import { lastSmsCode } from '../../testing/accounts.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { lookup, newAddress, trackedOrder } from '../../testing/tracking-test-helpers.ts';
import { PAIR_LOCK_AFTER, PER_ORDER } from './failures.ts';

beforeAll(() => testDatabase());
afterEach(() => {
  vi.useRealTimers();
});

const IMAGE_ANSWER = 'K3M7X';

/** A mobile number of this test's own (a worker's test files share one outbox). */
const newMobile = () => `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

const askCode = (t: TestApp, body: Record<string, unknown>, ip: string) =>
  t.call<{ mobile: string }>('tracking/captcha-sms', { body, ip });

async function texts(t: TestApp, mobile: string): Promise<number> {
  const rows = await t.deps.db.selectFrom('sms_outbox').select('id').where('mobile', '=', mobile).execute();
  return rows.length;
}

/** The code texted to `mobile` (it goes out in the background: it may come after the answer). */
const codeFor = (t: TestApp, mobile: string) =>
  vi.waitFor(
    async () => {
      const code = await lastSmsCode(t, mobile);
      if (!code) throw new Error(`no text to ${mobile} yet`);
      return code;
    },
    { timeout: 5_000, interval: 20 },
  );

/** An order whose recipient's mobile is `mobile`, past PER_ORDER failures: its lookups need the captcha. */
async function guardedOrder(t: TestApp, mobile: string) {
  const { order } = await trackedOrder(t, {
    to_phone: `${mobile.slice(0, 3)}-${mobile.slice(3, 7)}-${mobile.slice(7)}`,
  });
  for (let i = 0; i < PER_ORDER; i++)
    expect((await lookup(t, { order_no: order.order_no, phone4: '0000' })).code).toBe(404);
  return { order, right: { order_no: order.order_no, phone4: mobile.slice(-4) } };
}

describe('tracking/captcha-sms: the captcha’s alternative', () => {
  it('texts the captcha’s answer to the recipient’s mobile only, and answers the same for any other number', async () => {
    const t = await testApp({ captchaTestAnswer: IMAGE_ANSWER });
    const mobile = newMobile();
    const other = newMobile();
    const { order, right } = await guardedOrder(t, mobile);
    const ip = newAddress();
    expect((await lookup(t, right, { ip })).code).toBe(475);

    const theirs = await askCode(t, { order_no: order.order_no, mobile: `+86${mobile}` }, ip);
    const notTheirs = await askCode(t, { order_no: order.order_no, mobile: other }, newAddress());
    const noOrder = await askCode(t, { order_no: 'LP20990101000001', mobile }, newAddress());
    expect([theirs.code, theirs.data]).toEqual([0, { mobile: `+86****${mobile.slice(-4)}` }]);
    expect(theirs.message).toBe(
      `If +86****${mobile.slice(-4)} is the recipient’s mobile number, a code has been sent to it`,
    );
    expect([notTheirs.code, notTheirs.data]).toEqual([
      0,
      { mobile: `${other.slice(0, 3)}****${other.slice(-4)}` },
    ]);
    expect([noOrder.code, noOrder.data]).toEqual([
      0,
      { mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}` },
    ]);

    const code = await codeFor(t, mobile);
    expect(await lastSmsCodeBody(t, mobile)).toContain(order.order_no);
    expect(await texts(t, other)).toBe(0);
    // within the minute: the same answer, no second text
    const again = await askCode(t, { order_no: order.order_no, mobile }, ip);
    expect([again.code, again.data.mobile]).toEqual([0, `${mobile.slice(0, 3)}****${mobile.slice(-4)}`]);
    expect(await texts(t, mobile)).toBe(1);

    // the code opens the lookup in the captcha's place, as the image's text would
    const opened = await lookup(t, { ...right, captcha: code }, { ip });
    expect(opened.code).toBe(0);
    expect(opened.data.tracking.order_no).toBe(order.order_no);
  });

  it('is one try: a wrong code ends it, and the code replaces the image’s answer', async () => {
    const t = await testApp({ captchaTestAnswer: IMAGE_ANSWER });
    const mobile = newMobile();
    const { order, right } = await guardedOrder(t, mobile);
    const ip = newAddress();
    // the image was fetched (its answer is the test answer), then the code asked for instead
    const image = await t.app.request(`/api/tracking/captcha.html?order_no=${order.order_no}`, {}, undefined);
    expect(image.status).toBe(200);
    await askCode(t, { order_no: order.order_no, mobile }, ip);
    const code = await codeFor(t, mobile);
    const imageAnswer = await lookup(t, { ...right, captcha: IMAGE_ANSWER }, { ip });
    expect([imageAnswer.code, imageAnswer.message]).toEqual([475, 'The captcha is wrong']);
    // that try used the code up: the right code no longer counts
    expect((await lookup(t, { ...right, captcha: code }, { ip })).code).toBe(475);

    // a new code a minute later; wrong digits with it still fail as any lookup does (404)
    t.advance(61_000);
    await askCode(t, { order_no: order.order_no, mobile }, ip);
    await vi.waitFor(async () => expect(await texts(t, mobile)).toBe(2), { timeout: 5_000, interval: 20 });
    const second = await codeFor(t, mobile);
    expect(second).not.toBeUndefined();
    expect((await lookup(t, { ...right, phone4: '0000', captcha: second }, { ip })).code).toBe(404);
  });

  it('sends nothing while the lookup asks no captcha, nor to a landline', async () => {
    const t = await testApp();
    const mobile = newMobile();
    const { order } = await trackedOrder(t, { to_phone: mobile });
    const quiet = await askCode(t, { order_no: order.order_no, mobile }, newAddress());
    expect(quiet.code).toBe(0);

    const landline = await trackedOrder(t, { to_phone: '021-6495-1800' });
    for (let i = 0; i < PER_ORDER; i++)
      expect((await lookup(t, { order_no: landline.order.order_no, phone4: '0000' })).code).toBe(404);
    const fixed = await askCode(
      t,
      { order_no: landline.order.order_no, mobile: '02164951800' },
      newAddress(),
    );
    expect(fixed.code).toBe(0);
    // the background send has had its turn once a later call is answered
    await lookup(t, { order_no: order.order_no, phone4: mobile.slice(-4) });
    expect(await texts(t, mobile)).toBe(0);
    expect(await texts(t, '02164951800')).toBe(0);
  });

  it('refuses an address that is refused the lookup, and more than 5 asks in 15 minutes', async () => {
    const t = await testApp({ rateLimits: true });
    const mobile = newMobile();
    const { order } = await trackedOrder(t, { to_phone: mobile });
    const ip = newAddress();
    // as many failures of this order from this address as lock it out (the captcha comes first)
    const failed = { order_no: order.order_no, address: addressKey(ip), failed_at: t.deps.now() };
    await t.deps.db.insertInto('tracking_failures').values(Array(PAIR_LOCK_AFTER).fill(failed)).execute();
    expect((await lookup(t, { order_no: order.order_no, phone4: mobile.slice(-4) }, { ip })).code).toBe(429);
    const locked = await askCode(t, { order_no: order.order_no, mobile }, ip);
    expect(locked.code).toBe(429);
    expect(await texts(t, mobile)).toBe(0);

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

async function lastSmsCodeBody(t: TestApp, mobile: string): Promise<string> {
  const row = await t.deps.db
    .selectFrom('sms_outbox')
    .select('body')
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.body;
}
