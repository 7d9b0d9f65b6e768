import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../db/database.ts';
import { migratedMemoryDatabase } from '../../testing/pglite-template.ts';
import { down, up } from './migrations/2026-12-02T0008-excursions.ts';

describe('migration 2026-12-02T0008-excursions', () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await migratedMemoryDatabase();
  });
  afterAll(() => database.close());

  const group = (path: string, position: number) => ({
    sg_id: null,
    parent_id: null,
    position,
    path,
    name: path,
    component: 'layout',
    hidden: false,
    title: 'route.order',
  });
  const rows = () =>
    database.db
      .selectFrom('menu_routes')
      .select(['id', 'path', 'parent_id', 'hidden', 'component', 'active_menu'])
      .orderBy('position')
      .orderBy('id')
      .execute();

  it('adds the excursion cases after the orders of a menu written before it, once, and takes them out again', async () => {
    await database.db.deleteFrom('menu_routes').execute();
    await database.db
      .insertInto('menu_routes')
      .values([group('/customer-order', 0), group('/customer-inventory', 1)])
      .execute();
    await up(database.db as never);
    await up(database.db as never);
    const after = await rows();
    expect(after.filter((r) => r.parent_id === null).map((r) => r.path)).toEqual([
      '/customer-order',
      '/excursion',
      '/customer-inventory',
    ]);
    const parent = after.find((r) => r.path === '/excursion')!;
    expect(
      after
        .filter((r) => r.parent_id === parent.id)
        .map((r) => [r.path, r.component, r.hidden, r.active_menu]),
    ).toEqual([
      ['index', 'lp-excursion-list', false, null],
      ['view/:id', 'lp-excursion-case', true, '/excursion/index'],
    ]);
    await down(database.db as never);
    expect((await rows()).map((r) => r.path)).toEqual(['/customer-order', '/customer-inventory']);
  });
});
