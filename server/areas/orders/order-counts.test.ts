import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderCounts } from '../../../src/contract/orders/schemas.ts';
import type { DB } from '../../db/database.ts';
import { createUser } from '../../testing/fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { testDatabase } from '../../testing/test-app.ts';
import type { OrderFilterFields } from './list-query.ts';
import { summaryAnswers, summaryCounts } from './order-counts.ts';

beforeAll(() => testDatabase());

/** The counts as a plain count over the orders (what the kept counts must equal). */
async function counted(db: DB, cuId: number, filter: OrderFilterFields): Promise<OrderCounts> {
  const { rows } = await sql<{ status: string; n: string }>`
    select status, count(*) as n from orders
    where cu_id = ${cuId}
      and (${filter.pr_id ?? null}::int is null or pr_id = ${filter.pr_id ?? null}::int)
      and (${filter.temp_class ?? null}::text is null or temp_class = ${filter.temp_class ?? null}::text)
      and (${filter.date_from ?? null}::date is null or (created_at at time zone 'Asia/Shanghai')::date >= ${filter.date_from ?? null}::date)
      and (${filter.date_to ?? null}::date is null or (created_at at time zone 'Asia/Shanghai')::date <= ${filter.date_to ?? null}::date)
      and (${filter.excursion ?? null}::text is null or (excursion <> 'none' and ${filter.excursion ?? null}::text = 'any') or excursion = ${filter.excursion ?? null}::text)
    group by status`.execute(db);
  const out: OrderCounts = {
    all: 0,
    pending_approval: 0,
    pending_confirm: 0,
    not_finished: 0,
    finished: 0,
    cancelled: 0,
  };
  for (const r of rows) {
    out[r.status as keyof OrderCounts] = Number(r.n);
    out.all += Number(r.n);
  }
  return out;
}

describe('order_counts', () => {
  it('follows inserts, status and project changes, excursions and deletes, overall and per China day, exactly', async () => {
    const { db } = await testDatabase();
    const user = await createUser(db);
    const cuId = user.customers[0]!.cu_id;
    const a = await createProject(db, cuId);
    const b = await createProject(db, cuId);
    const orders = [];
    for (const [i, status] of (
      ['pending_confirm', 'pending_confirm', 'not_finished', 'finished', 'cancelled'] as const
    ).entries())
      orders.push(
        await createOrder(db, cuId, {
          status,
          pr_id: i % 2 ? a.pr_id : b.pr_id,
          temp_class: i % 2 ? 'frozen' : 'chilled',
        }),
      );
    await createOrder(db, cuId, { status: 'finished' }); // no project
    // two days in China: 2026-03-01 23:30 and 2026-03-02 00:30 (+08:00)
    await createOrder(db, cuId, { status: 'finished', pr_id: a.pr_id }, new Date('2026-03-01T15:30:00Z'));
    await createOrder(db, cuId, { status: 'cancelled', pr_id: a.pr_id }, new Date('2026-03-01T16:30:00Z'));
    const filters: OrderFilterFields[] = [
      {},
      { pr_id: a.pr_id },
      { pr_id: b.pr_id },
      { temp_class: 'frozen' },
      { excursion: 'any' },
      { pr_id: a.pr_id, temp_class: 'frozen' },
      { date_from: '2026-03-01', date_to: '2026-03-01' },
      { date_from: '2026-03-02' },
      { pr_id: a.pr_id, date_to: '2026-03-02' },
    ];
    const check = async () => {
      for (const filter of filters)
        expect(await summaryCounts(db, cuId, filter)).toEqual(await counted(db, cuId, filter));
    };
    await check();
    expect((await summaryCounts(db, cuId, {})).all).toBe(8);
    expect(await summaryCounts(db, cuId, { date_from: '2026-03-01', date_to: '2026-03-01' })).toMatchObject({
      all: 1,
      finished: 1,
    });

    await db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', orders[0]!.id).execute();
    await db
      .updateTable('orders')
      .set({ pr_id: a.pr_id, excursion: 'high' })
      .where('id', '=', orders[2]!.id)
      .execute();
    await db.updateTable('orders').set({ remark: 'only a remark' }).where('id', '=', orders[3]!.id).execute();
    await check();
    await db.deleteFrom('orders').where('id', '=', orders[1]!.id).execute();
    await db.deleteFrom('projects').where('pr_id', '=', b.pr_id).execute(); // its orders keep no project
    await check();
    expect(await summaryCounts(db, cuId, { excursion: 'high' })).toMatchObject({ all: 1, not_finished: 1 });
  });

  it('answers filters without a keyword, and dates only with a project or none', () => {
    expect(summaryAnswers({ pr_id: 1, status: 'finished', excursion: 'any' })).toBe(true);
    expect(summaryAnswers({ keyword: '  ' })).toBe(true);
    expect(summaryAnswers({ keyword: 'abc' })).toBe(false);
    expect(summaryAnswers({ date_from: '2026-01-01', pr_id: 3 })).toBe(true);
    expect(summaryAnswers({ date_to: '2026-01-01', temp_class: 'cryo' })).toBe(false);
    expect(summaryAnswers({ date_from: '2026-01-01', excursion: 'any' })).toBe(false);
  });
});
