import { beforeAll, describe, expect, it } from 'vitest';
import type { TrackedTemperature, Tracking } from '../../../src/contract/tracking/schemas.ts';
import { READINGS_MAX } from '../../../src/contract/tracking/schemas.ts';
import { startOfWindow } from '../../testing/accounts.ts';
import { socketFrom, type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { recomputeExcursion } from '../orders/excursion.ts';
import { lookup, newAddress, share, trackedOrder } from '../../testing/tracking-test-helpers.ts';

beforeAll(() => testDatabase());

const MINUTE = 60_000;

describe('tracking/temperature', () => {
  it('thins the readings evenly to READINGS_MAX, with the class’s limits and the excursions found in all of them', async () => {
    const t = await testApp();
    const { order } = await trackedOrder(t);
    const start = Date.parse('2026-03-01T09:00:00Z');
    const readings = Array.from({ length: 1500 }, (_, i) => ({
      order_id: order.id,
      logger_id: 'LG-1',
      at: new Date(start + i * MINUTE),
      // 40 minutes at 12 °C in a 2–8 °C class: 4 °C out for 40 min → medium
      celsius: i >= 500 && i < 540 ? 12 : 5,
    }));
    await t.deps.db.insertInto('order_readings').values(readings).execute();
    await recomputeExcursion(t.deps.db, order.id);
    const opened = await lookup(t, { order_no: order.order_no, phone4: '5678' });
    expect(opened.data.tracking).toMatchObject({ has_readings: true, excursion: 'medium' });
    const res = await t.call<TrackedTemperature>('tracking/temperature', {
      query: { view: opened.data.view },
    });
    expect(res.code).toBe(0);
    const { readings: thinned, ...rest } = res.data;
    expect(thinned).toHaveLength(READINGS_MAX);
    expect(thinned[0]).toEqual({ at: '2026-03-01T09:00:00.000Z', celsius: 5 });
    expect(thinned.at(-1)).toEqual({ at: new Date(start + 1499 * MINUTE).toISOString(), celsius: 5 });
    const steps = thinned.slice(1).map((r, i) => Date.parse(r.at) - Date.parse(thinned[i]!.at));
    expect(Math.max(...steps) - Math.min(...steps)).toBeLessThanOrEqual(MINUTE);
    expect(rest).toEqual({
      temp_class: 'chilled',
      min: 2,
      max: 8,
      excursion: 'medium',
      excursions: [
        {
          from: new Date(start + 500 * MINUTE).toISOString(),
          to: new Date(start + 540 * MINUTE).toISOString(),
          peak: 12,
          minutes: 40,
          level: 'medium',
        },
      ],
    });
    expect(JSON.stringify(res.data)).not.toContain('LG-1');
  });
});

describe('tracking/lookup input', () => {
  it('refuses a bad order number or factor with 422, in Chinese by default and in English when asked', async () => {
    const t = await testApp();
    const zh = { 'accept-language': 'zh-CN' };
    const digits = await t.call<Record<string, string>>('tracking/lookup', {
      body: { order_no: 'LP20260101000001', phone4: '12a4' },
    });
    expect([digits.code, digits.data]).toEqual([
      422,
      { phone4: "Enter the last 4 digits of the recipient's phone" },
    ]);
    const digitsZh = await t.call<Record<string, string>>('tracking/lookup', {
      body: { order_no: 'LP20260101000001', phone4: '123' },
      headers: zh,
    });
    expect([digitsZh.code, digitsZh.data]).toEqual([422, { phone4: '请填写收货方电话的后 4 位数字' }]);
    const neither = await t.call<Record<string, string>>('tracking/lookup', {
      body: { order_no: 'LP20260101000001' },
      headers: zh,
    });
    expect([neither.code, neither.data]).toEqual([422, { phone4: '请填写收货方电话的后 4 位数字或分享码' }]);
    const both = await t.call<Record<string, string>>('tracking/lookup', {
      body: { order_no: 'LP20260101000001', phone4: '1234', share_code: 'ABCDE-12345' },
    });
    expect(both.data).toEqual({
      phone4: "Enter the last 4 digits of the recipient's phone, or a share code",
    });
    const badNo = await t.call<Record<string, string>>('tracking/lookup', {
      body: { order_no: 'x', phone4: '1234' },
    });
    expect([badNo.code, Object.keys(badNo.data)]).toEqual([422, ['order_no']]);
    const view = await t.call('tracking/status', { query: {} });
    expect(view.code).toBe(422);
    // refusals of the input are no failed lookups
    expect(
      await t.deps.db
        .selectFrom('tracking_failures')
        .select('id')
        .where('order_no', '=', 'LP20260101000001')
        .execute(),
    ).toEqual([]);
  });
});

describe('tracking rate limits', () => {
  it('lookups: 20 a minute per address, none per order number', async () => {
    const t = await testApp({ rateLimits: true });
    startOfWindow(t, 60 * MINUTE);
    const { order } = await trackedOrder(t);
    const body = { order_no: order.order_no, phone4: '5678' };
    const ip = newAddress();
    for (let i = 0; i < 20; i++) expect((await lookup(t, body, { ip })).code).toBe(0);
    const limited = await lookup(t, body, { ip });
    expect([limited.code, limited.message]).toEqual([429, 'Too many requests, please try again later']);
    // other addresses may go on, past 30 of this order number in the hour (issue 27)
    for (let i = 0; i < 15; i++) expect((await lookup(t, body, { ip: newAddress() })).code).toBe(0);
    t.advance(61 * MINUTE);
    expect((await lookup(t, body, { ip })).code).toBe(0);
  });

  it('status reads: 120 a minute per address; captcha images: 30 a minute per address', async () => {
    const t = await testApp({ rateLimits: true });
    startOfWindow(t, MINUTE);
    const { order } = await trackedOrder(t);
    const { view } = (await lookup(t, { order_no: order.order_no, phone4: '5678' })).data;
    const ip = newAddress();
    for (let i = 0; i < 120; i++)
      expect((await t.call<Tracking>('tracking/status', { query: { view }, ip })).code).toBe(0);
    expect((await t.call('tracking/status', { query: { view }, ip })).code).toBe(429);
    expect((await t.call('tracking/status', { query: { view }, ip: newAddress() })).code).toBe(0);
    const image = (from: string) =>
      t.app.request(`/api/tracking/captcha.html?order_no=${order.order_no}`, {}, socketFrom(from));
    const from = newAddress();
    for (let i = 0; i < 30; i++) expect((await image(from)).headers.get('content-type')).toBe('image/png');
    const refused = await image(from);
    expect(((await refused.json()) as { code: number }).code).toBe(429);
    // no limit per order number: another address still gets its image
    expect((await image(newAddress())).headers.get('content-type')).toBe('image/png');
  });

  it('share-create: 30 a minute per user', async () => {
    const t = await testApp({ rateLimits: true });
    startOfWindow(t, MINUTE);
    const { owner, order } = await trackedOrder(t);
    for (let i = 0; i < 30; i++) await share(t, owner.token, order.id, 1);
    const res = await t.call('customer-order/share-create', {
      body: { id: order.id, days: 1 },
      token: owner.token,
    });
    expect(res.code).toBe(429);
  });
});

describe('tracking CORS', () => {
  const ALLOWED = 'http://127.0.0.1:8081';
  const DENIED = 'https://hostile.example';
  const preflight = (t: TestApp, path: string, origin: string) =>
    t.app.request(`/api/${path}.html`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-token',
      },
    });
  const post = (t: TestApp, path: string, origin: string, body: unknown, token?: string) =>
    t.app.request(`/api/${path}.html`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
      body: JSON.stringify(body),
    });

  it('a configured partner origin may call the tracking calls (preflight and the call itself)', async () => {
    const t = await testApp();
    const { order } = await trackedOrder(t);
    const pre = await preflight(t, 'tracking/lookup', ALLOWED);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-token');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const res = await post(t, 'tracking/lookup', ALLOWED, { order_no: order.order_no, phone4: '5678' });
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const { data } = (await res.json()) as { data: { view: string } };
    // refusals too: the element reads a 404 or a 475
    const refused = await post(t, 'tracking/lookup', ALLOWED, { order_no: order.order_no, phone4: '0000' });
    expect(refused.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(((await refused.json()) as { code: number }).code).toBe(404);
    const read = await t.app.request(`/api/tracking/status.html?view=${data.view}`, {
      headers: { origin: ALLOWED },
    });
    expect(read.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('any other origin gets no Access-Control-Allow-Origin', async () => {
    const t = await testApp();
    const { order } = await trackedOrder(t);
    const pre = await preflight(t, 'tracking/lookup', DENIED);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await post(t, 'tracking/lookup', DENIED, { order_no: order.order_no, phone4: '5678' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the share calls are not open to partner origins', async () => {
    const t = await testApp();
    const { owner, order } = await trackedOrder(t);
    for (const path of [
      'customer-order/share-create',
      'customer-order/share-list',
      'customer-order/share-revoke',
    ]) {
      const pre = await preflight(t, path, ALLOWED);
      expect(pre.headers.get('access-control-allow-origin'), path).toBeNull();
    }
    const res = await post(t, 'customer-order/share-create', ALLOWED, { id: order.id, days: 1 }, owner.token);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
