import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog } from '../../../src/contract/audit/schemas.ts';
import type { OrderEvent } from '../../../src/contract/orders/schemas.ts';
import { inRequest } from '../../core/request-scope.ts';
import { UnauditedWriteError } from '../../db/audit-guard.ts';
import { createUser, loginAs, signatureOf } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { migratedPostgres, postgresServerUrl } from '../../testing/pg-database.ts';
import { type TestApp, testApp } from '../../testing/test-app.ts';

/**
 * Signatures, the audit guard and the customer's audit log on PostgreSQL (the DATABASE_URL path):
 * the guard sees pg's transactions as PGlite's, the signature's content hash is the same over
 * pg's types, and the log's jsonb containment finds the user's sign-ins.
 */
const serverUrl = postgresServerUrl();

let database: Awaited<ReturnType<typeof migratedPostgres>>;
let t: TestApp;
beforeAll(async () => {
  database = await migratedPostgres(serverUrl);
  t = await testApp({}, { database });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function administrator() {
  const user = await createUser(t.deps.db, { admin: true });
  const cuId = user.customers[0]!.cu_id;
  await t.deps.db
    .updateTable('user_customers')
    .set({ can_approve: true })
    .where('uid', '=', user.uid)
    .execute();
  return { user, cuId, token: await loginAs(t, user) };
}

describe('signatures and the audit log on PostgreSQL', () => {
  it('signs an approval with the password, refuses a wrong one, and the history and the log show it', async () => {
    const { user, cuId, token } = await administrator();
    const order = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const approve = (signature: unknown) =>
      t.call('customer-order/auditing', { token, body: { id: order.id, pass: true, version: 1, signature } });
    expect((await approve({ password: 'wrong-password', meaning: 'approval' })).code).toBe(422);
    expect((await approve(signatureOf(user))).code).toBe(0);
    const history = await t.call<{ list: OrderEvent[] }>('common/get-order-handel', {
      token,
      query: { id: String(order.id) },
    });
    expect(history.data.list.find((e) => e.kind === 'approved')?.signature).toMatchObject({
      meaning: 'approval',
      current: true,
    });
    const log = await t.call<AuditLog>('customer-audit/index', { token });
    expect(log.code).toBe(0);
    const actions = log.data.list.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['approve', 'signature_failed', 'sign_in']));
  });

  it('refuses a GxP write without its entry at the commit, and rolls it back', async () => {
    const { cuId } = await administrator();
    const order = await createOrder(t.deps.db, cuId, { remark: 'before' });
    await expect(
      inRequest({ opId: 'POST test/guard' }, () =>
        t.deps.db.transaction().execute(async (trx) => {
          await trx.updateTable('orders').set({ remark: 'unrecorded' }).where('id', '=', order.id).execute();
        }),
      ),
    ).rejects.toBeInstanceOf(UnauditedWriteError);
    const row = await t.deps.db
      .selectFrom('orders')
      .select('remark')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row.remark).toBe('before');
  });
});
