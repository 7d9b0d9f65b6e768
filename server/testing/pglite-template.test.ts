import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { migratedDataFolder, migratedMemoryDatabase } from './pglite-template.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the migrated PGlite template', () => {
  it('gives an in-memory database with every migration run and no rows, apart from other ones', async () => {
    const [a, b] = await Promise.all([migratedMemoryDatabase(), migratedMemoryDatabase()]);
    try {
      expect(await pendingMigrations(a.db)).toEqual([]);
      expect((await a.pglite!.query('select count(*)::int as n from users')).rows).toEqual([{ n: 0 }]);
      await a.pglite!.exec('create table only_in_a (id int)');
      const tables = await b.pglite!.query(
        "select 1 from information_schema.tables where table_name = 'only_in_a'",
      );
      expect(tables.rows).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('fills an empty folder a server can open, and refuses a folder that holds anything', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-template-'));
    dirs.push(dir);
    await migratedDataFolder(path.join(dir, 'data'));
    const database = await openDatabase({ dataDir: path.join(dir, 'data') });
    try {
      expect(await pendingMigrations(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    await expect(migratedDataFolder(dir)).rejects.toThrow(/is not empty/);
  });
});
