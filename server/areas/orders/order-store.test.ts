import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { testDatabase } from '../../testing/test-app.ts';
import { MASK } from './masking.ts';

describe('insertOrder', () => {
  it('numbers orders LP + the day in China + 6 digits, records a created event, and keeps the searchable text', async () => {
    const { db } = await testDatabase();
    const user = await createUser(db);
    const cuId = user.customers[0]!.cu_id;
    const project = await createProject(db, cuId, { name: '肺癌三期研究' });
    // 2026-11-22T17:30Z is already the 23rd in China
    const order = await createOrder(db, cuId, { pr_id: project.pr_id }, new Date('2026-11-22T17:30:00Z'));
    expect(order.order_no).toMatch(/^LP20261123\d{6}$/);
    const row = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.search_text).toContain(order.order_no.toLowerCase());
    expect(row.search_text).toContain('肺癌三期研究');
    const events = await db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).execute();
    expect(events.map((e) => [e.kind, e.status_to])).toEqual([['created', 'pending_confirm']]);
  });

  it('leaves a masked side out of the searchable text, and the trigram index finds the rest', async () => {
    const { db } = await testDatabase();
    const user = await createUser(db);
    const cuId = user.customers[0]!.cu_id;
    const order = await createOrder(db, cuId, { is_dtp: 1, to_goodstype: 1, order_type: 'dtp' });
    const row = await db
      .selectFrom('orders')
      .select('search_text')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.search_text).not.toContain(order.to_contact.toLowerCase());
    expect(row.search_text).not.toContain(MASK);
    const found = await db
      .selectFrom('orders')
      .select('id')
      .where('cu_id', '=', cuId)
      .where(sql<boolean>`search_text like ${`%${order.from_company.toLowerCase()}%`}`)
      .execute();
    expect(found.map((r) => r.id)).toEqual([order.id]);
  });
});
