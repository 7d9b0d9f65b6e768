import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationFiles } from '../server/areas/index.ts';
import { migrationNames, newMigration, nextPrefix } from './new-migration.mjs';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A throw-away `server/areas` with the given migration files (`area/name.ts`). */
function areas(files: string[], empty: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-areas-'));
  made.push(dir);
  for (const file of files) {
    const [area, name] = file.split('/') as [string, string];
    fs.mkdirSync(path.join(dir, area, 'migrations'), { recursive: true });
    fs.writeFileSync(path.join(dir, area, 'migrations', name), '');
  }
  for (const area of empty) fs.mkdirSync(path.join(dir, area), { recursive: true });
  return dir;
}

describe('the name of a new migration', () => {
  it('sorts after every migration of every area: the newest date, the next number of that date', () => {
    const existing = ['2026-11-30T0003-a.ts', '2026-12-01T0207-b.ts', '2026-12-01T2701-c.ts'];
    // a migration dated after today (as ours are): a name of today would sort before it
    expect(nextPrefix(existing, '2026-11-27')).toBe('2026-12-01T2702');
    expect(nextPrefix(existing, '2026-12-02')).toBe('2026-12-02T0001');
    expect(nextPrefix([], '2026-12-02')).toBe('2026-12-02T0001');
  });

  it('never shares a prefix with another area’s migration, and is found by the server', () => {
    const dir = areas(['orders/2026-12-01T0001-orders.ts', 'chat/2026-12-01T0002-chat.ts'], ['stock']);
    const file = newMigration(dir, 'stock', 'stock-notes', '2026-11-27');
    expect(path.basename(file)).toBe('2026-12-01T0003-stock-notes.ts');
    expect(fs.readFileSync(file, 'utf8')).toContain('export async function up(db: Kysely<unknown>)');
    const second = newMigration(dir, 'orders', 'order-notes', '2026-11-27');
    expect(path.basename(second)).toBe('2026-12-01T0004-order-notes.ts');
    expect(migrationNames(dir).at(-1)).toBe('2026-12-01T0004-order-notes.ts');
  });

  it('refuses an area that does not exist and a name that is not hyphenated lower-case words', () => {
    const dir = areas(['orders/2026-12-01T0001-orders.ts']);
    expect(() => newMigration(dir, 'nope', 'x')).toThrow(/no area "nope" \(areas: orders\)/);
    expect(() => newMigration(dir, '../orders', 'x')).toThrow(/no area/);
    for (const name of ['Order_Notes', 'order notes', '-x', 'x-', '../x'])
      expect(() => newMigration(dir, 'orders', name), name).toThrow(/lower-case words/);
    expect(migrationNames(dir)).toEqual(['2026-12-01T0001-orders.ts']);
  });
});

describe('the migrations there are', () => {
  it('have no prefix after the two pairs that shared one before the generator; the generator reads them all', () => {
    const names = migrationFiles().map((m) => m.name);
    const prefixes = names.map((name) => name.slice(0, 15));
    const shared = [...new Set(prefixes.filter((p, i) => prefixes.indexOf(p) !== i))];
    expect(shared).toEqual(['2026-11-26T0001', '2026-11-27T0001']);
    const here = path.resolve(import.meta.dirname, '..', 'server', 'areas');
    expect(migrationNames(here).map((file) => file.replace(/\.ts$/, ''))).toEqual([...names].sort());
  });
});
