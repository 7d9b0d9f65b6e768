import type { RoutePage } from '../../src/stores/routes.ts';
import { ALIASES, STATIC_ROUTES, type StaticRoute } from './static-routes.ts';

/** What a path resolves to. */
export type Resolved =
  | { kind: 'alias'; to: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'static'; route: StaticRoute }
  | { kind: 'page'; page: RoutePage; params: Record<string, string> }
  | { kind: 'unknown' };

/** `/customer-order/view/:id` matches `/customer-order/view/42` with `{id: '42'}`; ids are numeric. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = got[i]!;
    if (part.startsWith(':')) {
      if (!/^\d+$/.test(value)) return null;
      params[part.slice(1)] = value;
    } else if (part !== value) return null;
  }
  return params;
}

export function normalizePath(path: string): string {
  const clean = path.split(/[?#]/)[0] || '/';
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

/** Resolves a path against the static routes and the user's permitted pages. */
export function resolvePath(rawPath: string, pages: readonly RoutePage[]): Resolved {
  const path = normalizePath(rawPath);
  const alias = ALIASES[path];
  if (alias) return { kind: 'alias', to: alias };
  if (path.startsWith('/redirect/')) return { kind: 'redirect', to: path.slice('/redirect'.length) };
  const route = STATIC_ROUTES.find((r) => r.path === path);
  if (route) return { kind: 'static', route };
  for (const page of pages) {
    const params = matchPattern(page.path, path);
    if (params) return { kind: 'page', page, params };
  }
  return { kind: 'unknown' };
}
