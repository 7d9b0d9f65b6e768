import { atom } from 'nanostores';
import { shared } from './registry.ts';

/*
 * The "continuous session" of 21 CFR Part 11 §11.200: a portal left without anyone at it signs
 * itself out after the server's idle time (`SESSION_IDLE_MINUTES`, the user info's
 * `idle_minutes`), so that the next person at the desk cannot act, or sign, as the last one. The
 * host watches the user's own input (a poll of the page is no one at the desk), in every tab of
 * the origin together; a warning comes first, and what was typed stays in its form's local copy
 * (docs/decisions/order-drafts.md) for after the next sign-in.
 */

/** How long before the end the warning shows (a tenth of the idle time when that is shorter). */
export const IDLE_WARNING_MS = 2 * 60_000;
/** Input is written to the other tabs at most this often. */
const SHARE_EVERY_MS = 5_000;
/** The key other tabs hear the last input under. */
export const ACTIVITY_KEY = 'lp.activity';

/** While the warning shows: when the session ends, unless the user stays. */
export const $idleWarning = shared('session.idle.warning', () => atom<{ endsAt: number } | null>(null));

const state = shared('session.idle', () => ({
  last: Date.now(),
  shared: 0,
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
}));

/** The warning's lead for an idle time of `limitMs`. */
export const warningLead = (limitMs: number) => Math.min(IDLE_WARNING_MS, Math.floor(limitMs / 10));

export interface IdleWatch {
  /** The idle time (ms) of the session now (0: not signed in, nothing is watched). */
  limit(): number;
  /** Ends the session here and in every tab (the caller's logout), saying why. */
  signOut(): void;
}

/** The user did something (or another tab says so): the idle time starts again. */
export function recordActivity(now = Date.now(), fromOtherTab = false): void {
  if (now <= state.last) return;
  state.last = now;
  if ($idleWarning.get()) $idleWarning.set(null);
  if (!fromOtherTab && now - state.shared >= SHARE_EVERY_MS) {
    state.shared = now;
    try {
      globalThis.localStorage?.setItem(ACTIVITY_KEY, String(now));
    } catch {
      // storage refused (private mode, full): this tab still counts its own input
    }
  }
}

/**
 * Watches `target` (the host's window) for input and keeps the warning and the sign-out on time:
 * one timer, set for the next moment that matters (the warning, the end), moved on by input.
 * Returns the cleanup.
 */
export function watchIdle(target: Window, watch: IdleWatch): () => void {
  const schedule = () => {
    clearTimeout(state.timer);
    const limit = watch.limit();
    if (limit <= 0) {
      $idleWarning.set(null);
      return;
    }
    const now = Date.now();
    const endsAt = state.last + limit;
    const warnAt = endsAt - warningLead(limit);
    if (now >= endsAt) {
      $idleWarning.set(null);
      watch.signOut();
      return;
    }
    if (now >= warnAt) {
      if ($idleWarning.get()?.endsAt !== endsAt) $idleWarning.set({ endsAt });
      state.timer = setTimeout(schedule, endsAt - now);
      return;
    }
    if ($idleWarning.get()) $idleWarning.set(null);
    state.timer = setTimeout(schedule, warnAt - now);
  };
  const onInput = () => {
    const wasWarning = $idleWarning.get() !== null;
    const before = state.last;
    recordActivity();
    // one timer for the next moment; moved on only when the input changes what is due
    if (wasWarning || state.last - before > SHARE_EVERY_MS) schedule();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== ACTIVITY_KEY || !event.newValue) return;
    recordActivity(Number(event.newValue), true);
    schedule();
  };
  const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
  for (const name of events) target.addEventListener(name, onInput, { passive: true, capture: true });
  target.addEventListener('storage', onStorage);
  recordActivity();
  schedule();
  return () => {
    clearTimeout(state.timer);
    for (const name of events) target.removeEventListener(name, onInput, { capture: true });
    target.removeEventListener('storage', onStorage);
  };
}

/** Starts the count again (a sign-in, "stay signed in") and reschedules through the next input. */
export function resetIdle(now = Date.now()): void {
  state.last = now;
  $idleWarning.set(null);
}
