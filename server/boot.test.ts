import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boot, StartRefused } from './boot.ts';
import { loadConfig } from './config.ts';
import { loadMigrations, pendingMigrations } from './db/migrate.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A development configuration on a PGlite folder of its own. */
function configIn() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-boot-'));
  dirs.push(dataDir);
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    distDir: '/nonexistent-dist',
    filesDir: path.join(dataDir, 'files'),
  };
}

describe('boot on a database the cluster’s primary prepared (a worker)', () => {
  // one PGlite folder: refused while empty, then prepared (as the primary does), then served
  const config = configIn();

  it('refuses a database that lacks this code’s migrations, and changes nothing in it', async () => {
    const error = await boot(config, { prepared: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartRefused);
    // every migration still pending: the refused start ran none
    const all = Object.keys(await loadMigrations()).length;
    expect((error as Error).message).toContain(`the database lacks ${all} migration(s) of this code`);
    const first = await boot(config);
    try {
      expect(await pendingMigrations(first.database.db)).toEqual([]);
    } finally {
      await first.database.close();
    }
  }, 30_000);

  it('serves a prepared database and never seeds it, even when asked', async () => {
    const worker = await boot(config, { prepared: true, seedDemo: true });
    try {
      expect([worker.seeded, worker.demoLogins]).toEqual([false, []]);
      const users = await worker.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(users.n)).toBe(0);
      const res = await worker.app.request('/api/health.json');
      expect(res.status).toBe(200);
    } finally {
      await worker.database.close();
    }
  }, 60_000);
});
