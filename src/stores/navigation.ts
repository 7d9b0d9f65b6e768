import { shared } from './registry.ts';

/**
 * How the app changes page, and the one way a page writes its own query into the address bar:
 * the host wires its router in, tests wire a recorder.
 */
export interface Navigation {
  navigate(path: string): void;
  reload(): void;
  /**
   * Puts `search` (`?page=2&sort=…`, or '') into the address while it is the page at `path`, as
   * a new history entry (`push`) or in place of the current one (`replace`), keeping the hash;
   * nothing when the address is another page's (an element embedded elsewhere, a page kept
   * mounted behind another tab) or already says it. True when the address is the page's.
   */
  setQuery(path: string, search: string, how: 'replace' | 'push'): boolean;
}

const locationNavigation: Navigation = {
  navigate(path) {
    globalThis.location?.assign(path);
  },
  reload() {
    globalThis.location?.reload();
  },
  setQuery(path, search, how) {
    const location = globalThis.location;
    if (location?.pathname !== path) return false;
    if (location.search === search) return true;
    const url = `${path}${search}${location.hash}`;
    if (how === 'push') history.pushState(null, '', url);
    else history.replaceState(history.state, '', url);
    return true;
  },
};

const state = shared('navigation', () => ({ current: locationNavigation }));

/** Replaces navigation (or part of it); returns a function that restores the previous one. */
export function setNavigation(next: Partial<Navigation>): () => void {
  const previous = state.current;
  state.current = { ...previous, ...next };
  return () => {
    state.current = previous;
  };
}

export function navigate(path: string): void {
  state.current.navigate(path);
}

export function reload(): void {
  state.current.reload();
}

/** A page's query into the address bar (Navigation.setQuery): `replace` unless told `push`. */
export function setPageQuery(path: string, search: string, how: 'replace' | 'push' = 'replace'): boolean {
  return state.current.setQuery(path, search, how);
}
