import { randomUUID } from 'node:crypto';
import type { CreateOrderAnswer, CreateOrderRequest } from '../../src/contract/order-editor/schemas.ts';
import { createEditorSetup, type EditorSetup, type EditorSetupOptions } from './editor-fixtures.ts';
import { loginAs } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

/** A signed-in user with everything ready to order (server/testing/editor-fixtures.ts). */
export async function readyToOrder(
  t: TestApp,
  options: EditorSetupOptions = {},
): Promise<EditorSetup & { token: string }> {
  const setup = await createEditorSetup(t.deps.db, options);
  return { ...setup, token: await loginAs(t, setup.user) };
}

/**
 * `POST customer-order/create` with an Idempotency-Key (a new one unless given; `null` sends none).
 * An edit (`id` in the body) without a `reason` gets one, as the editor asks for one: a test of the
 * reason itself sends its own (`reason: ''` for none).
 */
export const create = (
  t: TestApp,
  token: string,
  body: CreateOrderRequest | Record<string, unknown>,
  key: string | null = randomUUID(),
) =>
  t.call<CreateOrderAnswer>('customer-order/create', {
    token,
    body: 'id' in body && !('reason' in body) ? { ...body, reason: EDIT_REASON } : body,
    ...(key === null ? {} : { headers: { 'Idempotency-Key': key } }),
  });

/** The reason `create` gives an edit that names none. */
export const EDIT_REASON = '测试：修改订单';

/** A stock line's on-hand and reserved quantities. */
export async function stockOf(t: TestApp, inId: number): Promise<{ quantity: number; reserved: number }> {
  const row = await t.deps.db
    .selectFrom('inventory')
    .select(['quantity', 'reserved'])
    .where('in_id', '=', inId)
    .executeTakeFirstOrThrow();
  return { quantity: Number(row.quantity), reserved: Number(row.reserved) };
}

/** The movements of a stock line for an order, oldest first. */
export const movementsOf = (t: TestApp, inId: number, orderId: number) =>
  t.deps.db
    .selectFrom('inventory_movements')
    .select(['kind', 'delta'])
    .where('in_id', '=', inId)
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ kind: r.kind, delta: Number(r.delta) })));
