import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../testing/test-app.ts';

let dist: string;
let t: TestApp;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-dist-'));
  write('host/index.html', '<!doctype html><title>portal</title>');
  write('host/portal.html', '<!doctype html><title>portal</title><link rel="modulepreload" href="/layout">');
  write('host/main-Ab12Cd34.js', 'export {};');
  write('elements/notices.js', 'export {};');
  write('embed/lp-chat-widget.js', 'export {};');
  write('embed/lp-chat-widget.js.br', 'BROTLI');
  write('embed/lp-chat-widget.js.gz', 'GZIP');
  write('embed/lp-chat-widget/panel-Zx98Yw76.js', 'export {};');
  write('embed/chunks/react-Qw12Er34.js', 'export {};');
  write('embed/types/lp-chat-widget.d.ts', 'export declare class LpChatWidget extends HTMLElement {}');
  t = await testApp({ distDir: dist });
});

afterAll(() => {
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers });

describe('static assets', () => {
  it('a visit with a session gets the page that preloads the layout; the login page and a first visit do not', async () => {
    const page = async (url: string, cookie?: string) => (await get(url, cookie ? { cookie } : {})).text();
    expect(await page('/customer-order/index', 'language=en; Admin-Token=abc')).toContain('modulepreload');
    expect(await page('/', 'Admin-Token=abc')).toContain('modulepreload');
    expect(await page('/customer-order/index')).not.toContain('modulepreload');
    expect(await page('/customer-order/index', 'Admin-Token=; language=en')).not.toContain('modulepreload');
    expect(await page('/login', 'Admin-Token=abc')).not.toContain('modulepreload');
    // neither page is a file of its own
    expect(await page('/portal.html')).not.toContain('modulepreload');
    const res = await get('/customer-order/index', { cookie: 'Admin-Token=abc' });
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it("serves the elements' types as text, to other origins too", async () => {
    const res = await get('/embed/types/lp-chat-widget.d.ts', { origin: 'https://partner.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('class LpChatWidget');
  });

  it('serves the embed bundles to other origins (module scripts are fetched in CORS mode)', async () => {
    const res = await get('/embed/lp-chat-widget.js', { origin: 'https://partner.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const chunk = await get('/embed/lp-chat-widget/panel-Zx98Yw76.js');
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
    // the React runtime every embed shares: hash-named, so a new build never changes it in place
    const runtime = await get('/embed/chunks/react-Qw12Er34.js', { origin: 'https://partner.example' });
    expect(runtime.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(runtime.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('sends the precompressed twin the client accepts, and the plain file otherwise', async () => {
    const br = await get('/embed/lp-chat-widget.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toContain('text/javascript');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(await br.text()).toBe('BROTLI');
    const gz = await get('/embed/lp-chat-widget.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe('GZIP');
    const plain = await get('/embed/lp-chat-widget.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('export {};');
    const noTwin = await get('/elements/notices.js', { 'accept-encoding': 'br' });
    expect(noTwin.headers.get('content-encoding')).toBeNull();
  });

  it('keeps the portal-only element modules same-origin', async () => {
    const res = await get('/elements/notices.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 404 for the source maps a default build leaves out, never the host page', async () => {
    for (const url of [
      '/embed/lp-chat-widget.js.map',
      '/embed/lp-chat-widget/panel-Zx98Yw76.js.map',
      '/elements/notices.js.map',
      '/main-Ab12Cd34.js.map',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('<title>portal</title>');
    }
  });

  it('never serves a file outside the mounted folder', async () => {
    for (const url of ['/embed/..%2Fhost%2Findex.html', '/embed/..%2F..%2Fpackage.json', '/embed/a%00.js']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
    }
  });

  it('answers client routes with the host page under the strict policy, and unknown files with 404', async () => {
    const page = await get('/customer-order/index');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>portal</title>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect((await get('/host-missing.js')).status).toBe(404);
    const hashed = await get('/main-Ab12Cd34.js');
    expect(hashed.headers.get('cache-control')).toContain('immutable');
  });
});
