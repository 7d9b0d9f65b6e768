import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU } from '../../server/areas/menu/seed.ts';
import type { RouteRecord } from '../../src/contract/menu/schemas.ts';
import { filterRoutes } from '../../src/stores/routes.ts';
import { buildMenu } from './menu.ts';

/** The seeded menu as the server sends it (get-route shape). */
const toRecords = (items: typeof DEFAULT_MENU): RouteRecord[] =>
  items.map((r) => ({
    path: r.path,
    name: r.name,
    component: r.component,
    hidden: r.hidden ?? false,
    meta: { title: r.title, ...(r.icon ? { icon: r.icon } : {}), ...(r.roles ? { roles: r.roles } : {}) },
    ...(r.children ? { children: toRecords(r.children) } : {}),
  }));

describe('sidebar menu (spec §2)', () => {
  const routes = filterRoutes(toRecords(DEFAULT_MENU), ['admin']);
  const { main, bottom } = buildMenu(routes);

  it('makes a submenu only when several visible children exist, and skips hidden routes', () => {
    const orders = main.find((e) => e.key === '/customer-order');
    expect(orders?.children?.map((c) => c.path)).toEqual([
      '/customer-order/index',
      '/customer-order/create',
      '/customer-order/draft',
      '/customer-order/attachment',
    ]);
    const address = main.find((e) => e.path === '/customer-address/index');
    expect(address?.children).toBeUndefined();
  });

  it('leaves the material-inventory child out of submenus', () => {
    const inventory = main.find((e) => e.path?.startsWith('/customer-inventory'));
    expect(inventory).toMatchObject({ path: '/customer-inventory/index-yp', title: 'route.inventoryYp' });
    expect(JSON.stringify(main)).not.toContain('index-material');
  });

  it('puts the help centre at the bottom', () => {
    expect(bottom.map((e) => e.path)).toEqual(['/help-center/index']);
    expect(main.some((e) => e.path?.startsWith('/help-center'))).toBe(false);
  });

  it('shows only what the roles permit', () => {
    const restricted = filterRoutes(
      [
        { path: '/a', name: 'A', component: 'lp-a', hidden: false, meta: { title: 'A', roles: ['finance'] } },
        { path: '/b', name: 'B', component: 'lp-b', hidden: false, meta: { title: 'B' } },
      ],
      ['clerk'],
    );
    expect(buildMenu(restricted).main.map((e) => e.path)).toEqual(['/b']);
  });
});
