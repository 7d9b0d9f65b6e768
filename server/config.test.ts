import { describe, expect, it } from 'vitest';
import { loadConfig, productionProblems } from './config.ts';

describe('settings (defaults are safe)', () => {
  it('turns rate limits off only when a flag says so', () => {
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).rateLimits).toBe(true);
    for (const flag of ['off', 'OFF', '0', 'false', 'no'])
      expect(loadConfig({ RATE_LIMITS: flag }).rateLimits).toBe(false);
    expect(loadConfig({ RATE_LIMITS: 'maybe' }).rateLimits).toBe(true);
  });

  it('has no integration secret unless one is given', () => {
    expect(loadConfig({}).integrationSecret).toBeNull();
    expect(loadConfig({ INTEGRATION_SECRET: '   ' }).integrationSecret).toBeNull();
    expect(loadConfig({ INTEGRATION_SECRET: 's3cret-value' }).integrationSecret).toBe('s3cret-value');
  });

  it('sends HSTS when the server has its own certificate or a TLS proxy is declared', () => {
    expect(loadConfig({}).hsts).toBe(false);
    expect(loadConfig({ HSTS: 'on' }).hsts).toBe(true);
    const tls = loadConfig({ TLS_CERT_FILE: '/etc/lp/cert.pem', TLS_KEY_FILE: '/etc/lp/key.pem' });
    expect([tls.hsts, tls.tls]).toEqual([true, { certFile: '/etc/lp/cert.pem', keyFile: '/etc/lp/key.pem' }]);
    expect(loadConfig({ TLS_CERT_FILE: '/etc/lp/cert.pem' }).tls).toBeNull();
  });

  it('checks answers against the contract in tests only, unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).checkAnswers).toBe(true);
    expect(loadConfig({}).checkAnswers).toBe(false);
    expect(loadConfig({ CHECK_ANSWERS: 'on' }).checkAnswers).toBe(true);
  });

  it('lists what a production start refuses', () => {
    expect(productionProblems(loadConfig({}))).toEqual([]);
    expect(productionProblems(loadConfig({ NODE_ENV: 'production' }))).toEqual([
      expect.stringContaining('SMS_GATEWAY_URL'),
    ]);
    const ok = loadConfig({ NODE_ENV: 'production', SMS_GATEWAY_URL: 'https://sms.example/send' });
    expect(productionProblems(ok)).toEqual([]);
    expect(productionProblems({ ...ok, rateLimits: false })).toEqual([
      expect.stringContaining('RATE_LIMITS'),
    ]);
  });
});
