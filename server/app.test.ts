import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from './app.ts';
import type { Database } from './db/schema.ts';
import { OutboxSmsSender } from './areas/accounts/sms.ts';
import { createUser, loginAs } from './testing/fixtures.ts';
import { testApp, testDatabase, unique } from './testing/test-app.ts';

// The worker's database is created once, within the hook timeout rather than a test's.
beforeAll(() => testDatabase());

/** Headers every API answer carries, whatever its outcome. */
function expectApiHeaders(headers: Headers) {
  expect(headers.get('content-type')).toContain('application/json');
  expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  // what only documents read stays on pages (a JSON answer opens no window and links nowhere)
  expect(headers.get('referrer-policy')).toBeNull();
}

describe('app', () => {
  it('sends Strict-Transport-Security only when served over TLS (config hsts)', async () => {
    const plain = await testApp();
    const res = await plain.app.request('/api/no-such-call.html');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const tls = await testApp({ hsts: true });
    for (const path of ['/api/no-such-call.html', '/login']) {
      const answer = await tls.app.request(path);
      expect(answer.headers.get('strict-transport-security'), path).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const t = await testApp();
    const res = await t.call('no/such-call');
    expect(res.status).toBe(404);
    expect(res.code).toBe(404);
    expect(res.message).toBe('No such API call');
    expectApiHeaders(res.headers);
  });

  it('answers a known call with the wrong method as unknown (404)', async () => {
    const t = await testApp();
    const res = await t.call('common/error-log');
    expect(res).toMatchObject({ status: 404, code: 404 });
  });

  it('serves pages with a strict Content-Security-Policy and no inline script', async () => {
    const t = await testApp();
    const res = await t.app.request('/customer-order/index');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('puts the API headers on successes, validation failures and session failures alike', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const answers = [
      await t.call('common/get-route', { token }),
      await t.call('common/get-route'),
      await t.call('common/data-tracking', { query: { element_code: '9' } }),
      await t.call('user/login', { raw: '{', headers: { 'content-type': 'application/json' } }),
    ];
    expect(answers.map((a) => a.code)).toEqual([0, 598, 422, 400]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expectApiHeaders(a.headers);
    }
    const doc = await t.app.request('/api/openapi.json');
    expectApiHeaders(doc.headers);
  });

  it('refuses a body over the limit with 413 and an envelope', async () => {
    const t = await testApp({ bodyLimit: 1024 });
    const res = await t.call('user/login', {
      raw: JSON.stringify({ username: 'x'.repeat(4096) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.code).toBe(413);
    expectApiHeaders(res.headers);
  });

  it('refuses a report over the default limit (256 kB) with 413 and stores nothing', async () => {
    const t = await testApp();
    const marker = unique('big');
    const res = await t.call('common/error-log', {
      raw: JSON.stringify({ url: '/', message: marker, tag: 'x'.repeat(300 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res).toMatchObject({ status: 413, code: 413 });
    const rows = await t.deps.db
      .selectFrom('error_logs')
      .select('id')
      .where('message', '=', marker)
      .execute();
    expect(rows).toEqual([]);
  });

  it('counts a streamed body without Content-Length against the limit too', async () => {
    const t = await testApp({ bodyLimit: 1024 });
    const chunk = new TextEncoder().encode('x'.repeat(512));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await t.app.request('/api/common/error-log.html', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: number }).code).toBe(413);
  });

  it('answers any other server fault with 500 and a plain message: no stack, no SQL', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    // A database that answers every query with a fault of the query, not of the connection.
    const pool = {
      connect: async () => {
        throw new Error('relation "sessions" does not exist (select * from sessions at server/x.ts:1)');
      },
      end: async () => {},
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const broken = createApp({ ...t.deps, db, sms: new OutboxSmsSender(db, () => {}) });
      const res = await broken.request('/api/user/get-user-info.html', {
        headers: { 'X-Token': token, 'Accept-Language': 'en' },
      });
      expect(res.status).toBe(500);
      expectApiHeaders(res.headers);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        code: 500,
        message: 'Server error, please try again later',
        data: null,
      });
      expect(text).not.toMatch(/relation|select|sessions|\.ts:\d+|at /i);
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
      await db.destroy();
    }
  });

  it('answers 503 with a plain message while the database cannot be reached: no stack, no SQL, no connection details', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 500, max: 1 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const broken = createApp({ ...t.deps, db, sms: new OutboxSmsSender(db, () => {}) });
      for (const path of ['/api/common/get-route.html', '/api/user/get-user-info.html']) {
        const res = await broken.request(path, {
          headers: { 'X-Token': token, 'Accept-Language': 'en-GB,en;q=0.8' },
        });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('2');
        expectApiHeaders(res.headers);
        const text = await res.text();
        expect(JSON.parse(text)).toEqual({
          code: 503,
          message: 'The service is briefly unavailable, please try again in a moment',
          data: null,
        });
        const zh = await broken.request(path, { headers: { 'X-Token': token } });
        expect(await zh.json()).toEqual({ code: 503, message: '服务暂时不可用，请稍后重试', data: null });
        expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|select|sessions|\.ts:\d+|at /i);
      }
      expect(log).toHaveBeenCalled();
      // the health call says so to a load balancer; the same app with its database says ok
      const health = await broken.request('/api/health.json');
      expect([health.status, await health.text()]).toEqual([503, '{"status":"unavailable"}']);
      expect(health.headers.get('cache-control')).toBe('no-store');
      const fine = await t.app.request('/api/health.json');
      expect([fine.status, await fine.json()]).toEqual([200, { status: 'ok' }]);
    } finally {
      log.mockRestore();
      await db.destroy();
    }
  });
});
