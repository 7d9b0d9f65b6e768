import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServer } from '../scripts/server-process.mjs';
import { loadConfig, productionProblems } from './config.ts';

describe('settings (defaults are safe)', () => {
  it('SECOND_FACTOR_KEY: 32 bytes in hex or base64; a development key only outside production', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ SECOND_FACTOR_KEY: hex }).secondFactorKey?.toString('hex')).toBe(hex);
    expect(loadConfig({ SECOND_FACTOR_KEY: Buffer.alloc(32, 7).toString('base64') }).secondFactorKey).toEqual(
      Buffer.alloc(32, 7),
    );
    expect(() => loadConfig({ SECOND_FACTOR_KEY: 'short' })).toThrow(/32 bytes/);
    expect(loadConfig({}).secondFactorKey).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: 'production' }).secondFactorKey).toBeNull();
  });

  it('runs prepared statements on PostgreSQL unless DATABASE_PREPARED_STATEMENTS is off', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'on' }).databasePreparedStatements).toBe(true);
  });

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

  it('counts at most 10,000 matching orders unless ORDER_COUNT_CAP says otherwise', () => {
    expect(loadConfig({}).orderCountCap).toBe(10_000);
    expect(loadConfig({ ORDER_COUNT_CAP: '5000' }).orderCountCap).toBe(5000);
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => loadConfig({ ORDER_COUNT_CAP: bad }), bad).toThrow('ORDER_COUNT_CAP');
  });

  it('serves with one process unless WORKERS says more; drains for 20 s; wants request heads within 10 s', () => {
    expect(loadConfig({})).toMatchObject({ workers: 1, drainTimeoutMs: 20_000, headersTimeoutMs: 10_000 });
    expect(loadConfig({ WORKERS: '4', DRAIN_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '2000' })).toMatchObject({
      workers: 4,
      drainTimeoutMs: 5000,
      headersTimeoutMs: 2000,
    });
    for (const bad of ['0', '-2', '1.5', 'all'])
      expect(() => loadConfig({ WORKERS: bad }), bad).toThrow('WORKERS must be a whole number');
  });

  it('bounds slow bodies (20 s plus a second per 500 bytes) and requests per address (64) unless set', () => {
    expect(loadConfig({})).toMatchObject({
      bodyTimeoutMs: 20_000,
      bodyMinRate: 500,
      maxRequestsPerAddress: 64,
    });
    expect(
      loadConfig({ BODY_TIMEOUT_MS: '5000', BODY_MIN_RATE: '2000', MAX_REQUESTS_PER_ADDRESS: '16' }),
    ).toMatchObject({ bodyTimeoutMs: 5000, bodyMinRate: 2000, maxRequestsPerAddress: 16 });
    for (const name of ['BODY_TIMEOUT_MS', 'BODY_MIN_RATE', 'MAX_REQUESTS_PER_ADDRESS']) {
      for (const bad of ['0', '-1', '2.5', 'lots'])
        expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(`${name} must be a whole number`);
    }
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

describe('CAPTCHA_TEST_ANSWER', () => {
  it('is off unless set, and taken as is outside production', () => {
    expect(loadConfig({}).captchaTestAnswer).toBeUndefined();
    expect(loadConfig({ CAPTCHA_TEST_ANSWER: '' }).captchaTestAnswer).toBeUndefined();
    expect(loadConfig({ CAPTCHA_TEST_ANSWER: 'K3M7X', NODE_ENV: 'test' }).captchaTestAnswer).toBe('K3M7X');
  });

  it('refuses text the captcha cannot show, and a production start with it', () => {
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'k3m7x' })).toThrow('CAPTCHA_TEST_ANSWER must be');
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'B0OI1' })).toThrow('CAPTCHA_TEST_ANSWER must be');
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'KKK' })).toThrow('CAPTCHA_TEST_ANSWER must be');
    const production = loadConfig({
      CAPTCHA_TEST_ANSWER: 'K3M7X',
      NODE_ENV: 'production',
      SMS_GATEWAY_URL: 'https://sms.example/send',
    });
    expect(productionProblems(production)).toEqual([
      expect.stringContaining('CAPTCHA_TEST_ANSWER is set with NODE_ENV=production'),
    ]);
  });

  it('the server does not start in production with it, says why, and opens no database', {
    timeout: 60_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-config-'));
    try {
      const server = startServer(
        await freePort(),
        dataDir,
        { NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: 'K3M7X', SMS_GATEWAY_URL: 'https://sms.example/send' },
        [],
      );
      // `ready` rejects when the process exits: that is the expected outcome here.
      server.ready.catch(() => {});
      const code = await new Promise((resolve) => server.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(server.log()).toContain('CAPTCHA_TEST_ANSWER is set with NODE_ENV=production');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
