import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { inRequest } from '../core/request-scope.ts';
import { AuditBuffer } from '../areas/audit/trail.ts';
import { createUser } from '../testing/fixtures.ts';
import { createOrder } from '../testing/order-fixtures.ts';
import { testDatabase } from '../testing/test-app.ts';
import { tablesWritten, UnauditedWriteError } from './audit-guard.ts';

beforeAll(() => testDatabase());

const call = <T>(work: () => Promise<T>) => inRequest({ opId: 'POST test/guard' }, work);

async function anOrder() {
  const { db } = await testDatabase();
  const user = await createUser(db);
  const cuId = user.customers[0]!.cu_id;
  return { db, cuId, order: await createOrder(db, cuId, { remark: 'before' }) };
}

const remarkOf = async (id: number) =>
  (
    await (
      await testDatabase()
    ).db
      .selectFrom('orders')
      .select('remark')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).remark;

describe('the audit guard: no GxP write inside a call commits without its audit entry', () => {
  it('reads the tables a statement writes, in a CTE too, and not a row lock', () => {
    expect(tablesWritten('insert into "orders" ("a") values ($1)')).toEqual(['orders']);
    expect(tablesWritten('update "order_goods" set "qty" = $1 where "id" = $2')).toEqual(['order_goods']);
    expect(tablesWritten('delete from addresses where ad_id = $1')).toEqual(['addresses']);
    expect(
      tablesWritten(
        'with x as (update orders set remark = $1 returning id) insert into order_events select 1',
      ),
    ).toEqual(['orders', 'order_events']);
    expect(tablesWritten('select * from "orders" where "id" = $1 for update')).toEqual([]);
    expect(tablesWritten('select * from orders for no key update of orders skip locked')).toEqual([]);
    expect(tablesWritten('insert into rate_limits values ($1) on conflict do update set n = n + 1')).toEqual([
      'rate_limits',
    ]);
  });

  it('refuses the commit of a transaction that wrote an order and no entry, and rolls it back', async () => {
    const { db, order } = await anOrder();
    const attempt = call(() =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('orders').set({ remark: 'unrecorded' }).where('id', '=', order.id).execute();
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(UnauditedWriteError);
    await expect(attempt).rejects.toThrow(
      'POST test/guard would commit a write to orders without an audit entry',
    );
    expect(await remarkOf(order.id)).toBe('before');
    // the connection is whole again: the next call works
    expect(
      await db.selectFrom('orders').select('id').where('id', '=', order.id).executeTakeFirst(),
    ).toBeTruthy();
  });

  it('commits the same write with its entry', async () => {
    const { db, cuId, order } = await anOrder();
    const now = new Date();
    await call(() =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('orders').set({ remark: 'recorded' }).where('id', '=', order.id).execute();
        const audit = new AuditBuffer();
        audit.record({
          cuId,
          recordType: 'order',
          recordId: order.id,
          action: 'test',
          actor: { kind: 'system', id: null, name: 'guard test' },
        });
        await audit.flush(trx, now);
      }),
    );
    expect(await remarkOf(order.id)).toBe('recorded');
    const entry = await db
      .selectFrom('audit_entries')
      .select('request_id')
      .where('cu_id', '=', cuId)
      .where('action', '=', 'test')
      .executeTakeFirstOrThrow();
    // stamped with the call's id
    expect(entry.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a GxP write outside a transaction before it runs', async () => {
    const { db, order } = await anOrder();
    await expect(
      call(() => db.updateTable('orders').set({ remark: 'alone' }).where('id', '=', order.id).execute()),
    ).rejects.toThrow('POST test/guard wrote orders outside a transaction');
    expect(await remarkOf(order.id)).toBe('before');
    await expect(
      call(() => sql`update orders set remark = 'raw' where id = ${order.id}`.execute(db)),
    ).rejects.toBeInstanceOf(UnauditedWriteError);
    expect(await remarkOf(order.id)).toBe('before');
  });

  it('lets a statement that changed nothing pass, and work outside a call (fixtures, seeds, jobs)', async () => {
    const { db, order } = await anOrder();
    await call(() =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('orders').set({ remark: 'none' }).where('id', '=', -1).execute();
        await trx.selectFrom('orders').select('id').where('id', '=', order.id).forUpdate().execute();
      }),
    );
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ remark: 'fixture' }).where('id', '=', order.id).execute();
    });
    expect(await remarkOf(order.id)).toBe('fixture');
  });
});
