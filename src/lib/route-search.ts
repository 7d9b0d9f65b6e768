/** Spec §2 header search: fuzzy by title (0.7) and path (0.3), threshold 0.4. */
export const ROUTE_SEARCH_OPTIONS = {
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
  threshold: 0.4,
  shouldSort: true,
} as const;

export interface SearchableRoute {
  /** The title as shown (translated). */
  title: string;
  path: string;
}

/**
 * Builds the search once per route list; the returned function answers each query. fuse.js is
 * loaded on first use (the header search opens on demand), so it is in no element's first load.
 */
export async function createRouteSearch<T extends SearchableRoute>(
  routes: readonly T[],
): Promise<(query: string) => T[]> {
  const { default: Fuse } = await import('fuse.js');
  const fuse = new Fuse([...routes], { ...ROUTE_SEARCH_OPTIONS, keys: [...ROUTE_SEARCH_OPTIONS.keys] });
  return (query) => (query.trim() ? fuse.search(query.trim()).map((result) => result.item) : []);
}
