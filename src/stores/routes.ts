import { atom, computed } from 'nanostores';
import { getRoutes } from '../api/menu.ts';
import type { CallOptions } from '../api/transport.ts';
import type { RouteMeta, RouteRecord } from '../contract/menu/schemas.ts';
import { $roles } from './auth.ts';
import { shared } from './registry.ts';

/** A permitted route with its absolute path (`/customer-order` + `index` → `/customer-order/index`). */
export interface AppRoute {
  path: string;
  name: string;
  /** Tag of the element that renders the page (`layout` for a menu group). */
  component: string;
  hidden: boolean;
  meta: RouteMeta;
  children?: AppRoute[];
}

/** A page the user can open: what the header search, the tab strip and the router need. */
export interface RoutePage {
  path: string;
  name: string;
  component: string;
  title: string;
  meta: RouteMeta;
}

/** Spec §6: visible with any listed role or when none are listed; admin sees all. */
export function hasPermission(roles: readonly string[], route: RouteRecord): boolean {
  if (roles.includes('admin')) return true;
  const needed = route.meta.roles;
  return !needed || needed.length === 0 || needed.some((role) => roles.includes(role));
}

function join(base: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${base.replace(/\/+$/, '')}/${path}`;
}

/** The records `roles` may see, with absolute paths. */
export function filterRoutes(
  records: readonly RouteRecord[],
  roles: readonly string[],
  base = '',
): AppRoute[] {
  const out: AppRoute[] = [];
  for (const record of records) {
    if (!hasPermission(roles, record)) continue;
    const path = join(base, record.path);
    const route: AppRoute = {
      path,
      name: record.name,
      component: record.component,
      hidden: record.hidden,
      meta: record.meta,
    };
    if (record.children) route.children = filterRoutes(record.children, roles, path);
    out.push(route);
  }
  return out;
}

/** Every page (leaf route) of a tree, hidden ones included. */
export function flattenRoutes(routes: readonly AppRoute[]): RoutePage[] {
  const pages: RoutePage[] = [];
  for (const route of routes) {
    if (route.children?.length) pages.push(...flattenRoutes(route.children));
    else
      pages.push({
        path: route.path,
        name: route.name,
        component: route.component,
        title: route.meta.title,
        meta: route.meta,
      });
  }
  return pages;
}

const state = shared('routes', () => {
  const menu = atom<RouteRecord[]>([]);
  const routes = computed([menu, $roles], (records, roles) => filterRoutes(records, roles));
  return { menu, routes, pages: computed(routes, flattenRoutes) };
});

/** The server's menu as received (`GET common/get-route`). */
export const $menu = state.menu;
/** The menu filtered by the user's roles. */
export const $routes = state.routes;
/** The permitted pages, flat. */
export const $pages = state.pages;

/** Loads the server's menu; the permitted routes follow from it and the roles. */
export async function loadRoutes(options: CallOptions = {}): Promise<AppRoute[]> {
  $menu.set(await getRoutes(options));
  return $routes.get();
}

export function resetRoutes(): void {
  $menu.set([]);
}
