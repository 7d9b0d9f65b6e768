import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createWaitingApp } from './waiting-app.ts';

/** A built host page, as `npm run build` leaves one. */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-waiting-dist-'));
fs.mkdirSync(path.join(distDir, 'host'));
fs.writeFileSync(path.join(distDir, 'host', 'index.html'), '<!doctype html><title>LP</title>');
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

const app = createWaitingApp({ ...loadConfig({ NODE_ENV: 'test' }), distDir });

describe('a process waiting for its database (waiting-app.ts)', () => {
  it('answers every API call with the 503 envelope and Retry-After, in the caller’s language', async () => {
    for (const [method, call] of [
      ['POST', 'user/login.html'],
      ['GET', 'customer-order/index.html'],
      ['POST', 'no/such-call.html'],
    ] as const) {
      const en = await app.request(`/api/${call}`, {
        method,
        headers: { 'accept-language': 'en', 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect([en.status, en.headers.get('retry-after'), en.headers.get('cache-control')]).toEqual([
        503,
        '2',
        'no-store',
      ]);
      expect(await en.json()).toEqual({
        code: 503,
        message: 'The service is briefly unavailable, please try again in a moment',
        data: null,
      });
      const zh = await app.request(`/api/${call}`, { method });
      expect(await zh.json()).toEqual({ code: 503, message: '服务暂时不可用，请稍后重试', data: null });
    }
  });

  it('answers the health check 503 unavailable, and a page with a short 503 page that loads itself again', async () => {
    const health = await app.request('/api/health.json');
    expect([health.status, health.headers.get('retry-after'), await health.text()]).toEqual([
      503,
      '2',
      '{"status":"unavailable"}',
    ]);
    for (const path of ['/', '/customer-order']) {
      const page = await app.request(path, { headers: { 'accept-language': 'en' } });
      expect([page.status, page.headers.get('retry-after'), page.headers.get('cache-control')]).toEqual([
        503,
        '2',
        'no-store',
      ]);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await page.text();
      expect(html).toContain('The service is briefly unavailable, please try again in a moment');
      expect(html).toContain('<meta http-equiv="refresh" content="4">');
      expect(html).not.toContain('<title>LP</title>');
    }
    const zh = await app.request('/');
    expect(await zh.text()).toContain('服务暂时不可用，请稍后重试');
  });
});
