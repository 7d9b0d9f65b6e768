import type { StabilityBand } from '../../src/contract/excursions/domain.ts';
import type { StoredAnswer } from '../../src/contract/provider/schemas.ts';
import { auditedTransaction } from '../areas/audit/trail.ts';
import { syncCase } from '../areas/excursions/cases.ts';
import { lockOrder } from '../areas/orders/lock.ts';
import { signIntegration } from '../http/signature.ts';
import { createUser, type FixtureUser, loginAs } from './fixtures.ts';
import { createStockLine } from './master-data-fixtures.ts';
import { createOrder, createProject } from './order-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** The provider secret of the apps excursion tests make (`testApp({ integrationSecret })`). */
export const EXCURSION_SECRET = 'excursion-test-secret-41c9';

/** A signed provider call, as the provider's own systems make it (tests only). */
export function providerCall<T>(t: TestApp, path: string, body: unknown) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  return t.call<T>(path, {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signIntegration(EXCURSION_SECRET, timestamp, raw),
    },
  });
}

/** Readings every `stepMinutes` from `start`, one per value. */
export const series = (start: string, values: readonly number[], stepMinutes = 10) =>
  values.map((celsius, i) => ({
    at: new Date(Date.parse(start) + i * stepMinutes * 60_000).toISOString(),
    celsius,
  }));

/** A logger's readings through `provider/readings`. */
export const postReadings = (
  t: TestApp,
  orderNo: string,
  loggerId: string,
  readings: ReadonlyArray<{ at: string; celsius: number }>,
) => providerCall<StoredAnswer>(t, 'provider/readings', { order_no: orderNo, logger_id: loggerId, readings });

export interface ExcursionWorld {
  user: FixtureUser;
  token: string;
  cuId: number;
  prId: number;
  /** The depot's stock line the shipments take their goods from. */
  stock: { in_id: number; code: string; name: string };
  batch: string;
}

/**
 * A customer with a project, a chilled stock line of one batch (100 on hand) and a signed-in
 * user (an approver and an administrator unless told otherwise), and the product's stability
 * budget when given.
 */
export async function excursionWorld(
  t: TestApp,
  options: { approver?: boolean; admin?: boolean; bands?: StabilityBand[] } = {},
): Promise<ExcursionWorld> {
  const user = await createUser(t.deps.db, { admin: options.admin !== false });
  const cuId = user.customers[0]!.cu_id;
  if (options.approver !== false)
    await t.deps.db
      .updateTable('user_customers')
      .set({ can_approve: true })
      .where('uid', '=', user.uid)
      .execute();
  const project = await createProject(t.deps.db, cuId);
  const batch = `B-${user.uid}`;
  const stock = await createStockLine(t.deps.db, cuId, {
    pr_id: project.pr_id,
    batch_no: batch,
    quantity: 100,
  });
  if (options.bands)
    await t.deps.db
      .insertInto('stability_budgets')
      .values({ cu_id: cuId, pr_id: project.pr_id, code: stock.code, bands: JSON.stringify(options.bands) })
      .execute();
  return { user, token: await loginAs(t, user), cuId, prId: project.pr_id, stock, batch };
}

/** An order in progress shipping `quantity` of the world's batch, with one logger. */
export async function shipment(
  t: TestApp,
  w: ExcursionWorld,
  quantity = 10,
  options: Parameters<typeof createOrder>[2] = {},
) {
  const loggerId = `LG-${Math.random().toString(36).slice(2, 10)}`;
  const order = await createOrder(t.deps.db, w.cuId, {
    status: 'not_finished',
    pr_id: w.prId,
    goods: [
      {
        in_id: w.stock.in_id,
        goods_type: 1,
        name: w.stock.name,
        code: w.stock.code,
        batch_no: w.batch,
        expiry: '2028-06-30',
        quantity,
        unit: '盒',
      },
    ],
    boxes: [{ box_type: '2-8°C 保温箱 (M)', logger_id: loggerId, weight_kg: 6.5 }],
    ...options,
  });
  return { ...order, loggerId };
}

/**
 * Stores a logger's readings and opens its case as `provider/readings` does, without a signed
 * call (for tests whose app has another provider secret); answers the case's id.
 */
export async function openCase(
  t: TestApp,
  s: { id: number; loggerId: string },
  readings: ReadonlyArray<{ at: string; celsius: number }>,
): Promise<number> {
  const now = t.deps.now();
  return auditedTransaction(t.deps.db, now, async (trx, audit) => {
    const order = await lockOrder(trx, { ids: [s.id] });
    if (!order) throw new Error('no such order');
    await trx
      .insertInto('order_readings')
      .values(readings.map((r) => ({ order_id: s.id, logger_id: s.loggerId, at: r.at, celsius: r.celsius })))
      .execute();
    const opened = await syncCase(trx, order, s.loggerId, now, audit);
    if (!opened) throw new Error('the readings opened no case');
    return opened.id;
  });
}

/** A case assigned to the world's user (under assessment), ready to be decided. */
export async function assessedCase(t: TestApp, w: ExcursionWorld): Promise<number> {
  const s = await shipment(t, w);
  const id = await openCase(t, s, series('2026-11-20T00:00:00Z', [5, 9, 12, 11, 10, 6, 5]));
  await t.deps.db
    .updateTable('excursion_cases')
    .set({ state: 'assessment', assignee_uid: w.user.uid })
    .where('id', '=', id)
    .execute();
  return id;
}
