import { atom } from 'nanostores';
import type { RouteMeta } from '../contract/menu/schemas.ts';
import { shared } from './registry.ts';
import { readJson, session, writeJson } from './storage.ts';

/** A visited page in the tab strip. */
export interface View {
  path: string;
  name: string;
  title: string;
  meta: RouteMeta;
  /** A title the page itself reported (the order view: its order number), in the current language. */
  pageTitle?: string;
}

export const VIEWS_KEY = 'lp-visited-views';

const state = shared('tabs', () => {
  const views = atom<View[]>(readJson<View[]>(session, VIEWS_KEY, []));
  views.listen((value) => writeJson(session, VIEWS_KEY, value));
  return { views };
});

/** The tab strip (survives a reload through sessionStorage). */
export const $views = state.views;

const isAffix = (view: View) => view.meta.affix === true;

/** Sets and saves (the listener above also saves, unless a test's cleanStores removed it). */
function put(views: View[]): void {
  $views.set(views);
  writeJson(session, VIEWS_KEY, views);
}

/** Adds a tab for a visited page (once per path); affix tabs stay in front. */
export function addView(view: View): void {
  const views = $views.get();
  if (views.some((v) => v.path === view.path)) return;
  put(
    isAffix(view) ? [...views.filter(isAffix), view, ...views.filter((v) => !isAffix(v))] : [...views, view],
  );
}

/** Closes one tab (affix tabs cannot be closed); returns the tabs left. */
export function closeView(path: string): View[] {
  put($views.get().filter((v) => v.path !== path || isAffix(v)));
  return $views.get();
}

/** Closes every tab except `path` and the affix ones. */
export function closeOtherViews(path: string): void {
  put($views.get().filter((v) => v.path === path || isAffix(v)));
}

/** Closes every tab except the affix ones. */
export function closeAllViews(): void {
  put($views.get().filter(isAffix));
}

/** Renames a tab (the order-create tab reads 'order add', 'order edit' or 'copy order'). */
export function setViewTitle(path: string, title: string): void {
  put($views.get().map((v) => (v.path === path ? { ...v, title } : v)));
}

/** The title a page reports for its tab (`lp-page-title`); the tab shows it instead of the route's. */
export function setPageTitle(path: string, pageTitle: string): void {
  if (!$views.get().some((v) => v.path === path && v.pageTitle !== pageTitle)) return;
  put($views.get().map((v) => (v.path === path ? { ...v, pageTitle } : v)));
}
