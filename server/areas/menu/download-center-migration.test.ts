import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/database.ts';
import { migratedMemoryDatabase } from '../../testing/pglite-template.ts';
import { down, up } from './migrations/2026-12-01T2702-download-center.ts';

describe('migration 2026-12-01T2702-download-center', () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await migratedMemoryDatabase();
  });
  afterAll(() => database.close());

  const row = (name: string, component: string) => ({
    sg_id: null,
    parent_id: null,
    position: 0,
    path: `/${name}`,
    name,
    component,
    hidden: true,
    title: 'route.orderDownload',
  });
  const components = async () =>
    (await database.db.selectFrom('menu_routes').select(['name', 'component']).orderBy('name').execute()).map(
      (r) => `${r.name}:${r.component}`,
    );

  it('renames the old tag in the menu rows written before it, and back', async () => {
    await database.db
      .insertInto('menu_routes')
      .values([row('Old', 'lp-download-centre'), row('Other', 'lp-order-list')])
      .execute();
    await up(database.db as never);
    expect(await components()).toEqual(['Old:lp-download-center', 'Other:lp-order-list']);
    await down(database.db as never);
    expect(await components()).toEqual(['Old:lp-download-centre', 'Other:lp-order-list']);
  });
});
