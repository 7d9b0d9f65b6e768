import { map } from 'nanostores';
import { shared } from './registry.ts';

/** Pages whose scroll position is remembered on leaving and restored on return (spec §2). */
export const SCROLL_MEMORY_PATHS: readonly string[] = [
  '/customer-order/index',
  '/customer-inventory/index-yp',
];

const state = shared('scroll', () => ({ positions: map<Record<string, number>>({}) }));

export const $scrollPositions = state.positions;

/** Remembers `top` for a page that keeps its position; other pages are ignored. */
export function rememberScroll(path: string, top: number): void {
  if (SCROLL_MEMORY_PATHS.includes(path)) $scrollPositions.setKey(path, Math.max(0, top));
}

/** The remembered position of `path` (0 when none). */
export function savedScroll(path: string): number {
  return $scrollPositions.get()[path] ?? 0;
}
