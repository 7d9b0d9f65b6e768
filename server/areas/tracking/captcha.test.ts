import { beforeAll, describe, expect, it } from 'vitest';
import { checkCaptcha, issueCaptcha } from '../accounts/captcha.ts';
import { addressKey } from '../../core/address-key.ts';
import { runChores } from '../../core/housekeeping.ts';
import { areaChores } from '../index.ts';
import { socketFrom, type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { FAILURE_WINDOW_MS, PER_ADDRESS, PER_ORDER } from './failures.ts';
import { lookup, newAddress, trackedOrder } from '../../testing/tracking-test-helpers.ts';

beforeAll(() => testDatabase());

const ANSWER = 'K3M7X';
`10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('tracking: a captcha after repeated failures', () => {
  it('after 5 failures for an order number: 475 until the captcha is answered; a wrong or expired one fails', async () => {
    const t = await testApp({ captchaTestAnswer: ANSWER });
    const { order } = await trackedOrder(t);
    const ip = newAddress();
    const wrong = { order_no: order.order_no, phone4: '0000' };
    const right = { order_no: order.order_no, phone4: '5678' };
    for (let i = 0; i < PER_ORDER; i++) expect((await lookup(t, wrong, { ip })).code).toBe(404);

    // even the right factor now needs the captcha: nothing is confirmed without it
    const needed = await lookup(t, right, { ip });
    expect([needed.code, needed.message]).toEqual([475, 'Please enter the captcha']);

    const image = await captchaFor(t, order.order_no);
    expect(image.slice(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47])); // PNG

    // the image above was for the address 'local': another address has no captcha of its own
    expect((await lookup(t, { ...right, captcha: ANSWER }, { ip })).code).toBe(475);

    await captchaFor(t, order.order_no, ip);
    const wrongAnswer = await lookup(t, { ...right, captcha: 'ZZZZZ' }, { ip });
    expect([wrongAnswer.code, wrongAnswer.message]).toEqual([475, 'The captcha is wrong']);

    await captchaFor(t, order.order_no, ip);
    t.advance(5 * 60_000 + 1000);
    expect((await lookup(t, { ...right, captcha: ANSWER }, { ip })).code).toBe(476);

    await captchaFor(t, order.order_no, ip);
    const passed = await lookup(t, { ...right, captcha: ANSWER.toLowerCase() }, { ip });
    expect(passed.code).toBe(0);
    expect(passed.data.tracking.order_no).toBe(order.order_no);
  });

  it('counts per order number across addresses; a success does not forget other addresses’ failures', async () => {
    const t = await testApp({ captchaTestAnswer: ANSWER });
    const { order } = await trackedOrder(t);
    const [a, b] = [newAddress(), newAddress()];
    const wrong = { order_no: order.order_no, phone4: '0000' };
    const right = { order_no: order.order_no, phone4: '5678' };
    for (let i = 0; i < 3; i++) expect((await lookup(t, wrong, { ip: a })).code).toBe(404);
    expect((await lookup(t, right, { ip: b })).code).toBe(0);
    for (let i = 0; i < 2; i++) expect((await lookup(t, wrong, { ip: b })).code).toBe(404);
    // 3 from a + 2 from b: the order number is at 5 for everyone
    expect((await lookup(t, right, { ip: newAddress() })).code).toBe(475);
    expect((await lookup(t, right, { ip: a })).code).toBe(475);
    // an hour later the failures no longer count
    t.advance(FAILURE_WINDOW_MS + 1000);
    expect((await lookup(t, right, { ip: a })).code).toBe(0);
  });

  it('after 10 failures from one address, its lookups of any order number need the captcha', async () => {
    const t = await testApp({ captchaTestAnswer: ANSWER });
    const { order } = await trackedOrder(t);
    const ip = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await lookup(
        t,
        { order_no: `LP2099010100${String(i).padStart(4, '0')}`, phone4: '1234' },
        { ip },
      );
      expect(res.code).toBe(404);
    }
    expect((await lookup(t, { order_no: order.order_no, phone4: '5678' }, { ip })).code).toBe(475);
    expect((await lookup(t, { order_no: order.order_no, phone4: '5678' }, { ip: newAddress() })).code).toBe(
      0,
    );
  });

  it('keeps its captchas apart from the login’s (same key, other scope)', async () => {
    const t = await testApp();
    const key = `LP20990101123456\n${newAddress()}`;
    const now = t.deps.now();
    await issueCaptcha(t.deps.db, { scope: 'login', key }, now, 'LOGIN');
    await issueCaptcha(t.deps.db, { scope: 'tracking', key }, now, 'TRACK');
    await expect(checkCaptcha(t.deps.db, { scope: 'tracking', key }, 'LOGIN', now)).rejects.toThrow(
      'The captcha is wrong',
    );
    // the tracking one is used up; the login's is still there and takes its own answer
    await expect(checkCaptcha(t.deps.db, { scope: 'login', key }, 'LOGIN', now)).resolves.toBeUndefined();
  });

  it('housekeeping forgets failures older than a day', async () => {
    const t = await testApp();
    const ip = newAddress();
    await lookup(t, { order_no: 'LP20990101777777', phone4: '1234' }, { ip });
    const count = async () =>
      (
        await t.deps.db
          .selectFrom('tracking_failures')
          .select('id')
          .where('address', '=', addressKey(ip))
          .execute()
      ).length;
    expect(await count()).toBe(1);
    await runChores(t.deps, await areaChores(), new Date(t.deps.now().getTime() + 25 * 60 * 60_000));
    expect(await count()).toBe(0);
  });
});

/** Fetches the captcha image for an order number from `ip` (its answer: the test answer). */
async function captchaFor(t: TestApp, orderNo: string, ip = 'local'): Promise<Uint8Array> {
  const res = await t.app.request(
    `/api/tracking/captcha.html?order_no=${encodeURIComponent(orderNo)}`,
    { headers: { 'accept-language': 'en' } },
    ip === 'local' ? undefined : socketFrom(ip),
  );
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
  return new Uint8Array(await res.arrayBuffer());
}
