import { beforeAll, describe, expect, it } from 'vitest';
import { createRegionTree, customerSession } from '../../../testing/master-data-fixtures.ts';
import { createOrder } from '../../../testing/order-fixtures.ts';
import { testApp, testDatabase } from '../../../testing/test-app.ts';
import { up } from './2026-12-02T0003-order-search-cities.ts';

beforeAll(() => testDatabase());

describe('migration 2026-12-02T0003-order-search-cities', () => {
  it('writes the searchable text of orders naming a district again: their cities, not the district', async () => {
    const t = await testApp();
    const db = t.deps.db;
    const me = await customerSession(t);
    const { city, district } = await createRegionTree(db);
    const patient = await createOrder(db, me.cuId, {
      order_type: 'dtp',
      is_dtp: 1,
      to_city_id: district.region_id,
    });
    // as an order made before: the district's name in its text
    await db
      .updateTable('orders')
      .set({ search_text: `${patient.order_no.toLowerCase()} ${district.name}` })
      .where('id', '=', patient.id)
      .execute();
    await up(db as never);
    const row = await db
      .selectFrom('orders')
      .select('search_text')
      .where('id', '=', patient.id)
      .executeTakeFirstOrThrow();
    expect(row.search_text).toContain(city.name.toLowerCase());
    expect(row.search_text).not.toContain(district.name.toLowerCase());
  });
});
