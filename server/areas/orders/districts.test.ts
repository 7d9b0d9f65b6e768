import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderList } from '../../../src/contract/orders/schemas.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

let nextRegion = 800_000 + Math.floor(Math.random() * 9_000) * 10;
/** A province with a city and two of its districts, of fresh unique names. */
async function regionTree(t: TestApp) {
  nextRegion += 10;
  const province = nextRegion;
  const city = province + 1;
  const [east, west] = [province + 2, province + 3];
  const names = {
    province: unique('测省'),
    city: unique('测市'),
    east: unique('东区'),
    west: unique('西区'),
  };
  await t.deps.db
    .insertInto('regions')
    .values([
      { region_id: province, parent_id: null, level: 1, name: names.province },
      { region_id: city, parent_id: province, level: 2, name: names.city },
      { region_id: east, parent_id: city, level: 3, name: names.east },
      { region_id: west, parent_id: city, level: 3, name: names.west },
    ])
    .execute();
  return { ids: { province, city, east, west }, names };
}

describe('orders that name districts (as the editor and the address book write them)', () => {
  it('list the city, view the district, and are found by the city’s or the province’s name (a masked side never by its district’s name)', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const { ids, names } = await regionTree(t);
    const order = await createOrder(t.deps.db, cuId, { from_city_id: ids.east, to_city_id: ids.west });
    const olderKind = await createOrder(t.deps.db, cuId, { from_city_id: ids.city });
    const patient = await createOrder(t.deps.db, cuId, {
      order_type: 'dtp',
      is_dtp: 1,
      from_city_id: ids.east,
      to_city_id: ids.west,
    });

    const list = await t.call<OrderList>('customer-order/index', { token, query: { limit: '50' } });
    const row = (id: number) => list.data.list.find((o) => o.id === id);
    expect(row(order.id)).toMatchObject({ from_city: names.city, to_city: names.city });
    expect(row(olderKind.id), 'an order naming a city still shows it').toMatchObject({
      from_city: names.city,
    });

    const view = await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(order.id) } });
    expect(view.data).toMatchObject({
      from_city: names.city,
      from_district: names.east,
      to_city: names.city,
      to_district: names.west,
    });
    const older = await t.call<OrderDetail>('customer-order/view', {
      token,
      query: { id: String(olderKind.id) },
    });
    expect(older.data).toMatchObject({ from_city: names.city, from_district: '' });
    const masked = await t.call<OrderDetail>('customer-order/view', {
      token,
      query: { id: String(patient.id) },
    });
    expect(masked.data.masked).toContain('to_address');
    expect(masked.data, 'a masked side shows its city, not its district (not even its id)').toMatchObject({
      to_city: names.city,
      to_district: '',
      to_city_id: ids.city,
      from_district: names.east,
      from_city_id: ids.east,
    });
    // the searchable text (the documents page searches it) names the cities, never a district
    const texts = await t.deps.db
      .selectFrom('orders')
      .select(['id', 'search_text'])
      .where('id', 'in', [order.id, patient.id])
      .execute();
    for (const text of texts) {
      expect(text.search_text).toContain(names.city.toLowerCase());
      expect(text.search_text).not.toContain(names.west.toLowerCase());
    }

    for (const keyword of [names.city, names.province, names.east]) {
      const found = await t.call<OrderList>('customer-order/index', {
        token,
        query: { keyword, limit: '50' },
      });
      const foundIds = found.data.list.map((o) => o.id);
      expect(foundIds, `found by ${keyword}`).toContain(order.id);
      expect(found.data.counts.all).toBe(found.data.list.length);
    }
    // the patient's district is part of the masked address: its name does not find the order
    const byWest = await t.call<OrderList>('customer-order/index', { token, query: { keyword: names.west } });
    expect(byWest.data.list.map((o) => o.id)).toEqual([order.id]);
    expect(byWest.data.counts.all).toBe(1);
    const byCity = await t.call<OrderList>('customer-order/index', { token, query: { keyword: names.city } });
    expect(byCity.data.list.map((o) => o.id).sort()).toEqual([order.id, olderKind.id, patient.id].sort());
  });
});
