import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/database.ts';
import { migratedMemoryDatabase } from '../testing/pglite-template.ts';
import { seedBase } from './base.ts';
import { regionRows, seedRegions } from './regions.ts';

let database: OpenedDatabase;
beforeEach(async () => {
  database = await migratedMemoryDatabase();
});
afterEach(() => database.close());

describe('the region tree of the base seed', () => {
  it('writes province → city → district with division codes, pinyin and English, once', async () => {
    const wrote = await seedBase(database.db, { servicePhone: '400', serviceWebsite: 'https://x.test' });
    expect(wrote).toContain('regions');
    const rows = await database.db.selectFrom('regions').selectAll().orderBy('region_id').execute();
    expect(rows).toHaveLength(regionRows().length);
    const byId = new Map(rows.map((r) => [r.region_id, r]));
    expect(byId.get(310000)).toMatchObject({ name: '上海', level: 1, parent_id: null, name_en: 'Shanghai' });
    expect(byId.get(310100)).toMatchObject({ level: 2, parent_id: 310000 });
    expect(byId.get(310115)).toMatchObject({
      name: '浦东新区',
      level: 3,
      parent_id: 310100,
      pinyin: 'pdxq',
      name_en: 'Pudong New Area',
      served: true,
    });
    // every child sits one level under an existing parent, within its parent's code range
    for (const r of rows) {
      if (r.parent_id === null) {
        expect(r.level).toBe(1);
        continue;
      }
      const parent = byId.get(r.parent_id);
      expect(parent?.level).toBe(r.level - 1);
      expect(Math.floor(r.region_id / 10_000)).toBe(Math.floor(r.parent_id / 10_000));
    }
    expect(rows.filter((r) => r.level === 3).length).toBeGreaterThan(80);
    // remote regions are listed but not served, down to their districts
    expect(byId.get(540000)?.served).toBe(false);
    expect(byId.get(540102)?.served).toBe(false);
    expect(byId.get(513201)?.served).toBe(false);
    expect(byId.get(510107)?.served).toBe(true);

    expect(await seedRegions(database.db)).toBe(0);
    const again = await seedBase(database.db, { servicePhone: '400', serviceWebsite: 'https://x.test' });
    expect(again).not.toContain('regions');
  });
});
