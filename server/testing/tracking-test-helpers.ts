import { randomBytes } from 'node:crypto';
import type { LookupAnswer, Share } from '../../src/contract/tracking/schemas.ts';
import { createRegionTree } from './master-data-fixtures.ts';
import { createOrder, type FixtureOrderOptions } from './order-fixtures.ts';
import type { TestApp } from './test-app.ts';
import { signedIn } from './order-test-helpers.ts';

/**
 * An order in progress of a new signed-in customer (tests only), with cities, a known stop phone
 * (last four digits `5678`), a sign name and two milestones posted with their places.
 */
export async function trackedOrder(t: TestApp, options: FixtureOrderOptions = {}) {
  const owner = await signedIn(t);
  const db = t.deps.db;
  const from = await createRegionTree(db);
  const to = await createRegionTree(db);
  const order = await createOrder(db, owner.cuId, {
    status: 'not_finished',
    to_phone: '138-1234-5678',
    from_city_id: from.city.region_id,
    to_city_id: to.city.region_id,
    sign_name: `签收人${to.city.region_id}`,
    signed_at: null,
    pickup_at: new Date('2026-03-01T08:00:00Z'),
    deliver_by: new Date('2026-03-02T08:00:00Z'),
    ...options,
  });
  await db
    .insertInto('order_events')
    .values([
      {
        order_id: order.id,
        at: new Date('2026-03-01T08:30:00Z'),
        kind: 'confirmed',
        actor_kind: 'provider',
      },
      {
        order_id: order.id,
        at: new Date('2026-03-01T09:00:00Z'),
        kind: 'picked_up',
        actor_kind: 'provider',
        location: from.city.name,
      },
    ])
    .execute();
  await db.updateTable('orders').set({ milestone: 'picked_up' }).where('id', '=', order.id).execute();
  const full = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  return { owner, order: full, fromCity: from.city.name, toCity: to.city.name };
}

/**
 * A client address of its own: failed lookups count per address (an IPv6 address by its /64
 * network), and a worker's test files share one database, so a test never looks up from an
 * address (a /64) another test used.
 */
export const newAddress = (): string => {
  const hex = randomBytes(6).toString('hex');
  return `fd00:${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8)}::1`;
};

/** `tracking/lookup` from `ip` (a new address unless given). */
export const lookup = (
  t: TestApp,
  body: Record<string, unknown>,
  options: { ip?: string; token?: string } = {},
) => t.call<LookupAnswer>('tracking/lookup', { body, ...options, ip: options.ip ?? newAddress() });

export const share = async (t: TestApp, token: string, id: number, days = 7) => {
  const res = await t.call<Share>('customer-order/share-create', { body: { id, days }, token });
  if (res.code !== 0) throw new Error(`share-create failed: ${res.code} ${res.message}`);
  return res.data;
};
