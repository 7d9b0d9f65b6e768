import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../http/security.ts';
import { testApp, testDatabase } from '../testing/test-app.ts';

beforeAll(() => testDatabase());

interface Doc {
  paths: Record<string, Record<string, { operationId: string }>>;
}

describe('GET /api/docs (the API reference page)', () => {
  it('is HTML under the portal’s strict page CSP, with no script, no inline style and nothing from elsewhere', async () => {
    const t = await testApp();
    const res = await t.app.request('/api/docs?lang=en');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    // every link and the stylesheet are this origin's (the examples' origin is text in <pre>)
    const targets = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(targets.filter((href) => !/^[/#?]/.test(href))).toEqual([]);
    expect(html).toContain('<link rel="stylesheet" href="/api/docs.css">');
    const css = await t.app.request('/api/docs.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('.op');
  });

  it('lists every operation of the document, each with its anchor', async () => {
    const t = await testApp();
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as Doc;
    const html = await (await t.app.request('/api/docs?lang=en')).text();
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(150);
    const missing = ids.filter((id) => !html.includes(`<section class="op" id="${id}">`));
    expect(missing).toEqual([]);
    for (const guide of [
      'authentication',
      'errors',
      'idempotency',
      'rate-limits',
      'webhooks',
      'typed-clients',
    ])
      expect(html).toContain(`id="${guide}"`);
    // the guides' recipes: a token by client credentials, and a webhook's signature checked
    expect(html).toContain('grant_type=client_credentials');
    expect(html).toContain('webhook-signature');
    expect(html).toContain('Idempotency-Key');
  });

  it('speaks the caller’s language: Chinese by default, English when asked', async () => {
    const t = await testApp();
    const zh = await (await t.app.request('/api/docs')).text();
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('<h3>认证</h3>');
    expect(zh).toContain('运单 · Orders');
    const en = await (
      await t.app.request('/api/docs', { headers: { 'accept-language': 'en-GB,en;q=0.9' } })
    ).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<h3>Authentication</h3>');
    expect(
      await (await t.app.request('/api/docs?lang=zh-CN', { headers: { 'accept-language': 'en' } })).text(),
    ).toBe(zh);
  });

  it('is sent compressed to a client that takes it', async () => {
    const t = await testApp();
    const plain = await (await t.app.request('/api/docs?lang=en')).text();
    const res = await t.app.request('/api/docs?lang=en', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(plain.length / 5);
    expect(brotliDecompressSync(body).toString('utf8')).toBe(plain);
  });
});
