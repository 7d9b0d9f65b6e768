import type { Row } from '../../db/schema.ts';
import type { RouteMeta, RouteRecord } from '../../../src/contract/menu/schemas.ts';
import type { DB } from '../../db/database.ts';

/**
 * How long a group's menu is served from memory. Writes in this process call `forgetMenus`;
 * the time bound covers writes by other server processes sharing the database.
 */
export const MENU_CACHE_MS = 30_000;

interface Cached {
  at: number;
  routes: Promise<RouteRecord[]>;
  /** The tree as JSON, made once per cache entry (the answer is the same for the whole group). */
  json?: Promise<string>;
}

const caches = new WeakMap<DB, Map<number, Cached>>();

/** Drops the cached menus of `db` (call after changing menu_routes). */
export function forgetMenus(db: DB): void {
  caches.delete(db);
}

/**
 * The menu tree of user group `sgId`: its own rows, or the default rows (sg_id null) when the
 * group has none. Served from memory for up to MENU_CACHE_MS.
 */
export function menuForGroup(db: DB, sgId: number, nowMs = Date.now()): Promise<RouteRecord[]> {
  return entryFor(db, sgId, nowMs).routes;
}

/** `menuForGroup` as JSON text, serialized once per cache entry (the hot path of get-route). */
export function menuJsonForGroup(db: DB, sgId: number, nowMs = Date.now()): Promise<string> {
  const entry = entryFor(db, sgId, nowMs);
  entry.json ??= entry.routes.then((routes) => JSON.stringify(routes));
  return entry.json;
}

function entryFor(db: DB, sgId: number, nowMs: number): Cached {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(sgId);
  if (hit && nowMs - hit.at < MENU_CACHE_MS) return hit;
  const routes = loadMenu(db, sgId);
  const entry: Cached = { at: nowMs, routes };
  cache.set(sgId, entry);
  // A failed load is not remembered: the next call tries again.
  routes.catch(() => {
    if (cache.get(sgId) === entry) cache.delete(sgId);
  });
  return entry;
}

/** Reads the group's rows (or the default rows) in one query and builds the tree. */
export async function loadMenu(db: DB, sgId: number): Promise<RouteRecord[]> {
  const rows = await db
    .selectFrom('menu_routes')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('sg_id', '=', sgId),
        eb.and([
          eb('sg_id', 'is', null),
          eb.not(
            eb.exists(eb.selectFrom('menu_routes as own').select('own.id').where('own.sg_id', '=', sgId)),
          ),
        ]),
      ]),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return buildTree(rows);
}

function toMeta(row: Row<'menu_routes'>): RouteMeta {
  const meta: RouteMeta = { title: row.title };
  if (row.icon !== null) meta.icon = row.icon;
  const roles: unknown = row.roles;
  if (Array.isArray(roles)) meta.roles = roles.filter((r): r is string => typeof r === 'string');
  if (row.affix) meta.affix = true;
  if (row.no_cache) meta.noCache = true;
  if (row.active_menu !== null) meta.activeMenu = row.active_menu;
  return meta;
}

/** Rows (ordered by position) to nested records; rows whose parent is missing are dropped. */
export function buildTree(rows: readonly Row<'menu_routes'>[]): RouteRecord[] {
  const nodes = new Map<number, RouteRecord>();
  for (const row of rows) {
    nodes.set(row.id, {
      path: row.path,
      name: row.name,
      component: row.component,
      hidden: row.hidden,
      meta: toMeta(row),
    });
  }
  const roots: RouteRecord[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    if (row.parent_id === null) {
      roots.push(node);
      continue;
    }
    const parent = nodes.get(row.parent_id);
    if (!parent) continue;
    parent.children ??= [];
    parent.children.push(node);
  }
  return roots;
}
