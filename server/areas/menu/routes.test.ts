import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RouteRecord, RouteListSchema } from '../../../src/contract/menu/schemas.ts';
import { DEFAULT_MENU, seedMenu } from './seed.ts';
import { forgetMenus, MENU_CACHE_MS } from './menu.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

// The worker's database is created once, within the hook timeout rather than a test's.
beforeAll(() => testDatabase());

/** A user group of its own (ids far above the seeded ones) with a user in it, logged in. */
async function groupUser(t: TestApp) {
  const sgId = 100_000 + Math.floor(Math.random() * 1_000_000_000);
  await t.deps.db
    .insertInto('user_groups')
    .values({ sg_id: sgId, name: `group ${sgId}` })
    .execute();
  const user = await createUser(t.deps.db, { sgId });
  return { sgId, user, token: await loginAs(t, user) };
}

const getRoute = (t: TestApp, token?: string) =>
  t.call<RouteRecord[]>('common/get-route', token ? { token } : {});

const paths = (routes: RouteRecord[]): string[] =>
  routes.flatMap((r) => [r.path, ...paths(r.children ?? []).map((p) => `${r.path}/${p}`)]);

describe('GET common/get-route', () => {
  it('answers 598 without a token or with an unknown one', async () => {
    const t = await testApp();
    expect((await getRoute(t)).code).toBe(598);
    expect((await getRoute(t, 'x'.repeat(43))).code).toBe(598);
  });

  it('gives a group without a menu of its own the default menu, in the contract shape', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db, { sgId: 19 });
    const res = await getRoute(t, await loginAs(t, user));
    expect(res).toMatchObject({ status: 200, code: 0 });
    const routes = v.parse(RouteListSchema, res.data);
    const seeded = paths(
      DEFAULT_MENU.map((r) => ({ ...r, hidden: false, meta: { title: r.title } }) as RouteRecord),
    );
    expect(paths(routes)).toEqual(seeded);
    const orders = routes[0]!;
    expect(orders).toMatchObject({ path: '/customer-order', component: 'layout', hidden: false });
    expect(orders.meta).toEqual({ title: 'route.order', icon: 'order' });
    const view = orders.children?.find((r) => r.name === 'OrderView');
    expect(view).toEqual({
      path: 'view/:id',
      name: 'OrderView',
      component: 'lp-order-view',
      hidden: true,
      meta: { title: 'route.orderView', activeMenu: '/customer-order/index' },
    });
    expect(orders.children?.find((r) => r.name === 'OrderIndex')).not.toHaveProperty('children');
  });

  it('gives a group with its own menu that menu only, with every meta field', async () => {
    const t = await testApp();
    const { sgId, token } = await groupUser(t);
    await seedMenu(t.deps.db, sgId, [
      {
        path: '/home',
        name: 'Home',
        component: 'layout',
        title: 'route.home',
        affix: true,
        children: [
          {
            path: 'index',
            name: 'HomeIndex',
            component: 'lp-home',
            title: 'route.home',
            icon: 'home',
            roles: ['admin', 'auditor'],
            noCache: true,
            affix: true,
          },
        ],
      },
      { path: '/customer-city', name: 'City', component: 'lp-city-list', title: 'route.city', hidden: true },
    ]);
    const res = await getRoute(t, token);
    expect(res.code).toBe(0);
    expect(res.data).toEqual([
      {
        path: '/home',
        name: 'Home',
        component: 'layout',
        hidden: false,
        meta: { title: 'route.home', affix: true },
        children: [
          {
            path: 'index',
            name: 'HomeIndex',
            component: 'lp-home',
            hidden: false,
            meta: {
              title: 'route.home',
              icon: 'home',
              roles: ['admin', 'auditor'],
              affix: true,
              noCache: true,
            },
          },
        ],
      },
      {
        path: '/customer-city',
        name: 'City',
        component: 'lp-city-list',
        hidden: true,
        meta: { title: 'route.city' },
      },
    ]);
    const other = await createUser(t.deps.db, { sgId: 19 });
    const otherRoutes = await getRoute(t, await loginAs(t, other));
    expect(paths(otherRoutes.data)).not.toContain('/home');
  });

  it('shows a changed menu after forgetMenus, and after the cache time without it', async () => {
    const t = await testApp();
    const { sgId, token } = await groupUser(t);
    const one = { path: '/one', name: 'One', component: 'lp-one', title: 'route.one' };
    await seedMenu(t.deps.db, sgId, [one]);
    expect(paths((await getRoute(t, token)).data)).toEqual(['/one']);

    await seedMenu(t.deps.db, sgId, [{ ...one, path: '/two', name: 'Two' }]);
    expect(paths((await getRoute(t, token)).data)).toEqual(['/one']);
    forgetMenus(t.deps.db);
    expect(paths((await getRoute(t, token)).data)).toEqual(['/one', '/two']);

    await seedMenu(t.deps.db, sgId, [{ ...one, path: '/three', name: 'Three' }]);
    t.advance(MENU_CACHE_MS + 1);
    expect(paths((await getRoute(t, token)).data)).toEqual(['/one', '/two', '/three']);
  });

  it('answers 599 to a session replaced by a newer login, 598 after logout', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const first = await loginAs(t, user);
    const second = await loginAs(t, user);
    expect((await getRoute(t, first)).code).toBe(599);
    expect((await getRoute(t, second)).code).toBe(0);
    await t.call('user/logout', { method: 'POST', token: second });
    expect((await getRoute(t, second)).code).toBe(598);
  });
});
