import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app.ts';
import type { Database } from '../../db/schema.ts';
import { OutboxSmsSender } from '../accounts/sms.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { dataTracking } from '../../../src/contract/telemetry/operations.ts';
import { startOfWindow } from '../../testing/accounts.ts';
import { type TestApp, testApp, unique, testDatabase } from '../../testing/test-app.ts';

/** The per-address limit the contract declares for each telemetry call. */
const TELEMETRY_LIMIT = dataTracking.rateLimits?.[0]?.limit ?? 0;

// The worker's database is created once, within the hook timeout rather than a test's.
beforeAll(() => testDatabase());

const trackingRows = async (t: TestApp, marker: string) =>
  t.deps.db.selectFrom('tracking_events').selectAll().where('description', '=', marker).execute();

const errorRows = async (t: TestApp, marker: string) =>
  t.deps.db.selectFrom('error_logs').selectAll().where('message', '=', marker).execute();

/**
 * Moves the test's clock into a rate-limit window of its own (far from every other test's), just
 * after the minute starts: the calls of the test all fall into that minute however slow they are.
 */
const ownWindow = (t: TestApp) => {
  t.advance((1000 + Math.floor(Math.random() * 1e6)) * 86_400_000);
  startOfWindow(t, 60_000);
};

/** A real app whose database refuses every connection (its server log is kept quiet). */
async function brokenApp() {
  const t = await testApp({ rateLimits: true });
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  const pool = new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 500, max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const app = createApp({ ...t.deps, db, sms: new OutboxSmsSender(db, () => {}) });
  return {
    app,
    close: async () => {
      log.mockRestore();
      await db.destroy();
    },
  };
}

describe('GET common/data-tracking', () => {
  it('stores an event without a token, with the spec query', async () => {
    const t = await testApp();
    const marker = unique('track');
    const res = await t.call('common/data-tracking', {
      query: {
        time: '2026-11-22 10:00:00',
        customer: 'HR-ONC-03',
        account: 'demo',
        role: 'admin',
        page: '/customer-order/index',
        element: 'save-button',
        description: marker,
        token: 'whatever-the-client-sends',
        type: '2',
        element_code: '1',
      },
    });
    expect(res).toMatchObject({ status: 200, code: 0, data: null });
    const rows = await trackingRows(t, marker);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      uid: null,
      client_time: '2026-11-22 10:00:00',
      customer: 'HR-ONC-03',
      account: 'demo',
      page: '/customer-order/index',
      element: 'save-button',
      type: 2,
      element_code: 1,
    });
    expect(JSON.stringify(rows[0])).not.toContain('whatever-the-client-sends');
  });

  it('records the uid of a valid X-Token and still stores with an unknown one', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const mine = unique('track');
    expect(
      (await t.call('common/data-tracking', { token, query: { element_code: '1', description: mine } })).code,
    ).toBe(0);
    const stranger = unique('track');
    const res = await t.call('common/data-tracking', {
      token: 'not-a-token',
      query: { element_code: '1', description: stranger },
    });
    expect(res.code).toBe(0);
    expect((await trackingRows(t, mine)).map((r) => r.uid)).toEqual([user.uid]);
    expect((await trackingRows(t, stranger)).map((r) => r.uid)).toEqual([null]);
  });

  it('stores failure and timeout codes and defaults type to 2', async () => {
    const t = await testApp();
    for (const code of ['2', '3']) {
      const marker = unique('track');
      const res = await t.call('common/data-tracking', {
        query: { element_code: code, description: marker },
      });
      expect(res.code).toBe(0);
      const rows = await trackingRows(t, marker);
      expect(rows.map((r) => [r.type, r.element_code])).toEqual([[2, Number(code)]]);
    }
  });

  it('keeps unicode, SQL-looking and HTML-looking text verbatim', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    for (const text of ["药品 🚚 Ñandú ' OR 1=1; drop table users; --", '<script>alert(1)</script>']) {
      const marker = `${unique('track')} ${text}`;
      const res = await t.call('common/data-tracking', { query: { element_code: '1', description: marker } });
      expect(res.code).toBe(0);
      expect(await trackingRows(t, marker)).toHaveLength(1);
    }
    // the users table is still there, with the user in it
    const users = await t.deps.db.selectFrom('users').select('uid').where('uid', '=', user.uid).execute();
    expect(users).toEqual([{ uid: user.uid }]);
  });

  it.each([
    ['no element code', {}, 'element_code'],
    ['an unknown element code', { element_code: '4' }, 'element_code'],
    ['a word as element code', { element_code: 'one' }, 'element_code'],
    ['a type out of range', { element_code: '1', type: '99999999999' }, 'type'],
    ['a 10 kB description', { element_code: '1', description: 'x'.repeat(10_000) }, 'description'],
    ['a NUL character', { element_code: '1', page: 'a\0b' }, 'page'],
    ['an extra field', { element_code: '1', admin: 'yes' }, 'admin'],
  ])('answers 422 with the field for %s and stores nothing', async (_, query, field) => {
    const t = await testApp();
    const marker = unique('track');
    const before = await t.deps.db
      .selectFrom('tracking_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.call<Record<string, string>>('common/data-tracking', {
      query: { description: marker, ...query },
    });
    expect(res.status).toBe(200);
    expect(res.code).toBe(422);
    expect(Object.keys(res.data)).toEqual([field]);
    expect(res.message).toBe(res.data[field]);
    expect(res.message).not.toContain('xxxxxxxxxx');
    const after = await t.deps.db
      .selectFrom('tracking_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it(`allows ${TELEMETRY_LIMIT} calls a minute per IP, then 429 until the next minute`, async () => {
    const t = await testApp({ rateLimits: true });
    ownWindow(t);
    for (let i = 0; i < TELEMETRY_LIMIT; i++) {
      const res = await t.call('common/data-tracking', { query: { element_code: '1' } });
      expect(res.code).toBe(0);
    }
    const marker = unique('track');
    const limited = await t.call('common/data-tracking', {
      query: { element_code: '1', description: marker },
    });
    expect(limited).toMatchObject({ status: 200, code: 429 });
    expect(await trackingRows(t, marker)).toHaveLength(0);
    t.advance(60_000);
    const again = await t.call('common/data-tracking', { query: { element_code: '1', description: marker } });
    expect(again.code).toBe(0);
  });

  it('answers 543 without internals when the event cannot be stored', async () => {
    const broken = await brokenApp();
    try {
      const res = await broken.app.request('/api/common/data-tracking.html?element_code=1');
      expect(res.status).toBe(200);
      const text = await res.text();
      const body = JSON.parse(text) as { code: number; message: string };
      expect(body.code).toBe(543);
      expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|insert|tracking_events|at .*\.ts/i);
    } finally {
      await broken.close();
    }
  });
});

describe('POST common/error-log', () => {
  it('stores a report with the user agent', async () => {
    const t = await testApp();
    const marker = unique('err');
    const res = await t.call('common/error-log', {
      body: {
        url: '/customer-order/index',
        message: marker,
        tag: 'lp-order-list',
        type: 'TypeError',
        cu_id: 12,
      },
      headers: { 'user-agent': 'Mozilla/5.0 test-agent' },
    });
    expect(res).toMatchObject({ status: 200, code: 0, data: null });
    const rows = await errorRows(t, marker);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      uid: null,
      url: '/customer-order/index',
      tag: 'lp-order-list',
      type: 'TypeError',
      cu_id: '12',
      user_agent: 'Mozilla/5.0 test-agent',
    });
  });

  it('records the uid of the session that reports', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const marker = unique('err');
    const res = await t.call('common/error-log', { token, body: { url: '/home/index', message: marker } });
    expect(res.code).toBe(0);
    expect((await errorRows(t, marker)).map((r) => r.uid)).toEqual([user.uid]);
  });

  it('accepts the minimal report and a string customer id', async () => {
    const t = await testApp();
    const marker = `${unique('err')} 药品 <b>bold</b> '; delete from error_logs; --`;
    const res = await t.call('common/error-log', { body: { url: '', message: marker, cu_id: 'HR-ONC-03' } });
    expect(res.code).toBe(0);
    const rows = await errorRows(t, marker);
    expect(rows.map((r) => [r.cu_id, r.tag, r.type])).toEqual([['HR-ONC-03', '', '']]);
  });

  it('keeps at most 512 characters of the user agent', async () => {
    const t = await testApp();
    const marker = unique('err');
    await t.call('common/error-log', {
      body: { url: '/', message: marker },
      headers: { 'user-agent': 'A'.repeat(5000) },
    });
    const rows = await errorRows(t, marker);
    expect(rows[0]?.user_agent).toHaveLength(512);
  });

  it.each([
    ['no message', { url: '/' }, 'message'],
    ['an empty message', { url: '/', message: '' }, 'message'],
    ['a number as url', { url: 5, message: 'm' }, 'url'],
    ['a 10 kB message', { url: '/', message: 'x'.repeat(10_000) }, 'message'],
    ['an object as customer id', { url: '/', message: 'm', cu_id: { a: 1 } }, 'cu_id'],
    ['an extra field', { url: '/', message: 'm', stack: 'at x' }, 'stack'],
  ])('answers 422 with the field for %s and stores nothing', async (_, body, field) => {
    const t = await testApp();
    const tag = unique('tag');
    const res = await t.call<Record<string, string>>('common/error-log', { body: { ...body, tag } });
    expect(res.code).toBe(422);
    expect(res.data).toHaveProperty(field);
    expect(res.message).not.toContain('xxxxxxxxxx');
    const rows = await t.deps.db.selectFrom('error_logs').select('id').where('tag', '=', tag).execute();
    expect(rows).toEqual([]);
  });

  it('takes JSON only: a form body answers 415 and stores nothing', async () => {
    const t = await testApp();
    const marker = unique('form');
    const res = await t.call('common/error-log', {
      raw: new URLSearchParams({ url: '/x', message: marker, cu_id: '42' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.code).toBe(415);
    expect(await errorRows(t, marker)).toEqual([]);
  });

  it.each([
    ['an empty body', ''],
    ['malformed JSON', '{"url": "/", "message": '],
    ['a JSON array', '[1, 2]'],
    ['JSON null', 'null'],
  ])('answers 400 to %s and stores nothing', async (_, raw) => {
    const t = await testApp();
    const count = async () =>
      (
        await t.deps.db
          .selectFrom('error_logs')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const res = await t.call('common/error-log', { raw, headers: { 'content-type': 'application/json' } });
    expect(res).toMatchObject({ status: 200, code: 400 });
    expect(await count()).toBe(before);
  });

  it('is limited per IP like tracking', async () => {
    const t = await testApp({ rateLimits: true });
    ownWindow(t);
    for (let i = 0; i < TELEMETRY_LIMIT; i++) {
      const res = await t.call('common/error-log', { body: { url: '/', message: 'flood' } });
      expect(res.code).toBe(0);
    }
    const marker = unique('err');
    const res = await t.call('common/error-log', { body: { url: '/', message: marker } });
    expect(res.code).toBe(429);
    expect(await errorRows(t, marker)).toHaveLength(0);
  });

  it('answers 543 when the report cannot be stored', async () => {
    const broken = await brokenApp();
    try {
      const res = await broken.app.request('/api/common/error-log.html', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': 'some-token' },
        body: JSON.stringify({ url: '/', message: 'm' }),
      });
      const body = (await res.json()) as { code: number; message: string };
      expect(body.code).toBe(543);
      expect(body.message).not.toMatch(/ECONNREFUSED|error_logs/);
    } finally {
      await broken.close();
    }
  });
});
