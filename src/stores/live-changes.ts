import type { LiveChange } from '../contract/live/schemas.ts';
import { shared } from './registry.ts';

/**
 * What the pages follow of the live stream: a page says which changes concern it and what to do
 * (read again what it shows); the connection (live-connection.ts, started by the host) hands every
 * change here. `null` is a reset: too much was missed to tell, so every follower reads again.
 * Small on purpose: every page that follows changes carries it, the connection loads apart.
 */
export type LiveFilter = (change: LiveChange) => boolean;

interface Follower {
  filter: LiveFilter;
  act: () => void;
  wait: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const state = shared('live-changes', () => ({
  followers: new Set<Follower>(),
  /** Each change, as it came (tests, the status dot). */
  heard: 0,
}));

/** Changes of these kinds (and, when given, of this one order). */
export const changesOf =
  (kinds: readonly string[], order?: number | null): LiveFilter =>
  (change) =>
    kinds.includes(change.kind) && (order == null || change.order === order);

/**
 * Calls `act` after changes that pass `filter`, once per burst (`wait` ms after the first: a
 * provider's batch of milestones reads the page once). Answers the way to stop.
 */
export function followChanges(filter: LiveFilter, act: () => void, wait = 250): () => void {
  const follower: Follower = { filter, act, wait, timer: undefined };
  state.followers.add(follower);
  return () => {
    clearTimeout(follower.timer);
    state.followers.delete(follower);
  };
}

/** Hands a change (or a reset, `null`) to the followers it concerns. */
export function deliverChange(change: LiveChange | null): void {
  state.heard += 1;
  for (const follower of state.followers) {
    if (change && !follower.filter(change)) continue;
    if (follower.timer !== undefined) continue;
    follower.timer = setTimeout(() => {
      follower.timer = undefined;
      if (state.followers.has(follower)) follower.act();
    }, follower.wait);
  }
}
