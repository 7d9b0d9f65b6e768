import { describe, expect, it } from 'vitest';
import { testApp } from './testing/test-app.ts';

describe('app', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const t = await testApp();
    const res = await t.call('no/such-call');
    expect(res.status).toBe(404);
    expect(res.code).toBe(404);
    expect(res.message).toBe('no such API call');
  });

  it('serves pages with a strict Content-Security-Policy and no inline script', async () => {
    const t = await testApp();
    const res = await t.app.request('/customer-order/index');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('refuses a body over the limit with 413 and an envelope', async () => {
    const t = await testApp({ bodyLimit: 1024 });
    const res = await t.call('user/login', {
      raw: JSON.stringify({ username: 'x'.repeat(4096) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.code).toBe(413);
  });
});
