import { shared } from './registry.ts';

/** How the app changes page: the host wires its router in, tests wire a recorder. */
export interface Navigation {
  navigate(path: string): void;
  reload(): void;
}

const locationNavigation: Navigation = {
  navigate(path) {
    globalThis.location?.assign(path);
  },
  reload() {
    globalThis.location?.reload();
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
