import type { DB } from '../db/database.ts';
import { createUser, type FixtureUser, loginAs } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

/** A new user signed in on a new customer (tests only); `approver`: may audit its orders. */
export async function signedIn(
  t: TestApp,
  options: { approver?: boolean; customers?: number } = {},
): Promise<{ user: FixtureUser; token: string; cuId: number }> {
  const user = await createUser(t.deps.db, { customers: options.customers ?? 1 });
  const cuId = user.customers[0]!.cu_id;
  if (options.approver)
    await t.deps.db
      .updateTable('user_customers')
      .set({ can_approve: true })
      .where('uid', '=', user.uid)
      .where('cu_id', '=', cuId)
      .execute();
  return { user, token: await loginAs(t, user), cuId };
}

/** A modification request of `orderId` (tests only), answered at `answeredAt` (`pending`: not answered, null). */
export async function modificationRequest(
  db: DB,
  orderId: number,
  status: 'pending' | 'accepted' | 'rejected',
  answeredAt: Date | null,
  kind: 'change' | 'cancel' = 'change',
): Promise<number> {
  const row = await db
    .insertInto('order_modifications')
    .values({
      order_id: orderId,
      kind,
      changes: JSON.stringify(kind === 'change' ? { remark: '改期' } : {}),
      reason: '患者改期',
      status,
      answer: status === 'pending' ? '' : '已处理',
      answered_at: answeredAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
