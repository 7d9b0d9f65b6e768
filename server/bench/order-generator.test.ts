import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TYPES, TEMP_CLASSES } from '../../src/contract/orders/domain.ts';
import { maskOrder } from '../areas/orders/masking.ts';
import { refreshSearchText } from '../areas/orders/order-store.ts';
import { testDatabase } from '../testing/test-app.ts';
import { generateOrders } from './order-generator.ts';

beforeAll(() => testDatabase());

describe('generateOrders', () => {
  it('makes orders of every status, type and class, with the searchable text insertOrder would keep', async () => {
    const { db } = await testDatabase();
    const made = await generateOrders(db, { orders: 3000, customers: 3, batch: 1000 });
    expect(made.lastId - made.firstId + 1).toBe(3000);
    const rows = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '>=', made.firstId)
      .where('id', '<=', made.lastId)
      .execute();
    expect(rows).toHaveLength(3000);
    expect(new Set(rows.map((r) => r.cu_id))).toEqual(new Set(made.cuIds));
    const big = rows.filter((r) => r.cu_id === made.cuIds[0]).length;
    expect(big / rows.length, 'the first customer holds about half').toBeGreaterThan(0.4);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(rows.map((r) => r.order_type))).toEqual(new Set(ORDER_TYPES));
    expect(new Set(rows.map((r) => r.temp_class))).toEqual(new Set(TEMP_CLASSES));
    expect(new Set(rows.map((r) => r.is_dtp))).toEqual(new Set([0, 1, 3]));
    expect(new Set(rows.map((r) => r.order_no)).size).toBe(3000);

    // the searchable text is what the application itself computes, masked sides left out
    const sample = [
      ...rows.filter((r) => r.is_dtp === 1).slice(0, 10),
      ...rows.filter((r) => r.is_dtp === 3).slice(0, 10),
      ...rows.filter((r) => r.is_dtp === 0).slice(0, 20),
    ];
    for (const order of sample) {
      await refreshSearchText(db, order.id);
      const again = await db
        .selectFrom('orders')
        .select('search_text')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect([order.order_no, order.search_text]).toEqual([order.order_no, again.search_text]);
      const masked = maskOrder(order);
      const parties = ['from_company', 'from_address', 'to_company', 'to_address'] as const;
      // a value the other (unmasked) side also carries may be found through that side
      const all = [...parties, 'from_contact', 'to_contact'] as const;
      const shown = all.filter((field) => masked[field] === order[field]).map((field) => order[field]);
      for (const field of parties) {
        if (masked[field] !== order[field] && !shown.some((value) => value.includes(order[field])))
          expect(order.search_text).not.toContain(order[field].toLowerCase());
      }
    }
  });
});
