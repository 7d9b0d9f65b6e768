import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServer } from '../scripts/server-process.mjs';
import { loadConfig } from './config.ts';

describe('loadConfig: CAPTCHA_TEST_ANSWER', () => {
  it('is off unless set, and taken as is outside production', () => {
    expect(loadConfig({}).captchaTestAnswer).toBeUndefined();
    expect(loadConfig({ CAPTCHA_TEST_ANSWER: '' }).captchaTestAnswer).toBeUndefined();
    expect(loadConfig({ CAPTCHA_TEST_ANSWER: 'K3M7X', NODE_ENV: 'test' }).captchaTestAnswer).toBe('K3M7X');
  });

  it('refuses it in production, and refuses text the captcha cannot show', () => {
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'K3M7X', NODE_ENV: 'production' })).toThrow(
      'CAPTCHA_TEST_ANSWER is set with NODE_ENV=production',
    );
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'k3m7x' })).toThrow('CAPTCHA_TEST_ANSWER must be');
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'B0OI1' })).toThrow('CAPTCHA_TEST_ANSWER must be');
    expect(() => loadConfig({ CAPTCHA_TEST_ANSWER: 'KKK' })).toThrow('CAPTCHA_TEST_ANSWER must be');
  });

  it('the server does not start in production with it, and says why', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-config-'));
    try {
      const server = startServer(await freePort(), dataDir, {
        NODE_ENV: 'production',
        CAPTCHA_TEST_ANSWER: 'K3M7X',
      });
      // `ready` rejects when the process exits: that is the expected outcome here.
      server.ready.catch(() => {});
      const code = await new Promise((resolve) => server.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(server.log()).toContain('Not starting: CAPTCHA_TEST_ANSWER is set with NODE_ENV=production');
      // It stopped before opening the database.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
