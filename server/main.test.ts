import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, stopServer } from '../scripts/server-process.mjs';

/**
 * `npm start`'s server as a process: first start on an empty folder migrates and seeds, SIGTERM
 * closes the database cleanly, and a second start on the same folder is fast and keeps the data.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Waits until the server has printed its whole start message (it comes in several writes). */
async function printed(log: () => string, text: string) {
  for (let i = 0; i < 100 && !log().includes(text); i++) await new Promise((r) => setTimeout(r, 50));
  expect(log()).toContain(text);
}

async function call(base: string, name: string, init: RequestInit = {}) {
  const res = await fetch(`${base}/api/${name}.html`, init);
  return (await res.json()) as { code: number; data: Record<string, unknown> };
}

describe('server/main.ts', () => {
  it('seeds an empty data folder, closes on SIGTERM, restarts in under 5 s with the data kept', {
    timeout: 90_000,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startServer(port, dataDir);
    await first.ready;
    await printed(first.log, 'Demo logins:');
    expect(first.log()).toContain('Seeded the demo data');
    expect(first.log()).toMatch(/demo\s+Demo@2026pass/);
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const login = await call(base, 'user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'Demo@2026pass' }),
    });
    expect(login.code).toBe(0);
    const token = String(login.data.access_token);

    await stopServer(first.child);
    expect(first.child.exitCode).toBe(0);
    expect(first.log()).toContain('SIGTERM: closing the server and the database');

    const started = performance.now();
    const second = startServer(port, dataDir);
    await second.ready;
    const seconds = (performance.now() - started) / 1000;
    try {
      expect(seconds).toBeLessThan(5);
      await printed(second.log, 'Demo logins:');
      expect(second.log()).not.toContain('Seeded');
      // The session of the first run is still there: the data folder kept it.
      const info = await call(base, 'user/get-user-info', { headers: { 'X-Token': token } });
      expect(info.code).toBe(0);
    } finally {
      await stopServer(second.child);
    }
    expect(second.child.exitCode).toBe(0);
  });
});
