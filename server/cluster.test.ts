import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startServer } from '../scripts/server-process.mjs';
import { RestartBackoff } from './cluster.ts';
import { loadConfig, workersRefusal } from './config.ts';

describe('WORKERS (server/cluster.ts)', () => {
  it('waits longer after each death of a worker in a row, up to 30 s, and starts again from 250 ms after a worker that ran a minute', () => {
    const backoff = new RestartBackoff();
    const waits = Array.from({ length: 10 }, () => backoff.next(1, 2_000));
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(backoff.next(2, 2_000), 'each worker counts its own deaths').toBe(250);
    expect(backoff.next(1, 60_000)).toBe(250);
    expect(backoff.next(1, 100)).toBe(500);
  });

  it('needs PostgreSQL for more than one worker', () => {
    expect(workersRefusal(loadConfig({}))).toBeNull();
    expect(workersRefusal(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://lp@db/lp' }))).toBeNull();
    expect(workersRefusal(loadConfig({ WORKERS: '2' }))).toContain('WORKERS=2 needs PostgreSQL');
  });

  it('a start with WORKERS=2 on PGlite refuses with the reason, exits 1 and creates no database', {
    timeout: 60_000,
  }, async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lp-workers-')), 'data');
    try {
      const server = startServer(await freePort(), dir, { WORKERS: '2', DATABASE_URL: '' });
      await expect(server.ready).rejects.toThrow(/exited with 1/);
      expect(server.log()).toContain('The server will not start:\nWORKERS=2 needs PostgreSQL');
      expect(server.log()).toContain('Set DATABASE_URL');
      expect(fs.existsSync(dir)).toBe(false);
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
