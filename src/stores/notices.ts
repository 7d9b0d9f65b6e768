import { atom } from 'nanostores';
import { shared } from './registry.ts';
import { readJson, session, writeJson } from './storage.ts';

/**
 * Toasts and confirms raised anywhere (mostly the API client). Whoever renders the page shows
 * them: the host, or `<lp-notices>` on a page that embeds single elements. The state lives in
 * the page's store registry, so every bundle on the page raises into the same lists.
 */
export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Milliseconds before it goes away (spec: 5 s for errors). */
  duration: number;
}

export interface ConfirmRequest {
  id: number;
  title: string;
  message: string;
  confirmText: string;
  cancelText: string;
  resolve: (confirmed: boolean) => void;
}

export const TOAST_DURATION = 5000;

const state = shared('notices', () => ({
  nextId: 1,
  toasts: atom<Toast[]>([]),
  confirms: atom<ConfirmRequest[]>([]),
  timers: new Map<number, ReturnType<typeof setTimeout>>(),
}));

export const $toasts = state.toasts;
export const $confirms = state.confirms;

export function dismissToast(id: number): void {
  clearTimeout(state.timers.get(id));
  state.timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Shows a toast; the same message already on screen is not shown twice. Returns its id. */
export function toast(message: string, kind: ToastKind = 'info', duration = TOAST_DURATION): number {
  const same = $toasts.get().find((t) => t.message === message && t.kind === kind);
  if (same) return same.id;
  const id = state.nextId++;
  $toasts.set([...$toasts.get(), { id, kind, message, duration }]);
  if (duration > 0)
    state.timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  return id;
}

/** sessionStorage key of the toasts carried over a reload of this tab. */
export const CARRIED_TOASTS_KEY = 'lp-carried-toasts';
const KINDS: readonly ToastKind[] = ['success', 'info', 'warning', 'error'];

type Carried = Pick<Toast, 'kind' | 'message' | 'duration'>;

/**
 * Shows a toast after the reload that is about to happen (a customer switch says 'switch
 * success', then reloads: a toast shown before the reload would be gone before anyone read it).
 * Kept in this tab's sessionStorage until `showCarriedToasts` shows it.
 */
export function toastAfterReload(message: string, kind: ToastKind = 'info', duration = TOAST_DURATION): void {
  const carried = readJson<unknown>(session, CARRIED_TOASTS_KEY, []);
  const list = Array.isArray(carried) ? carried : [];
  writeJson(session, CARRIED_TOASTS_KEY, [...list, { message, kind, duration }]);
}

/** Shows the toasts carried over a reload, once. Whoever renders the notices calls it on mount. */
export function showCarriedToasts(): void {
  const carried = readJson<unknown>(session, CARRIED_TOASTS_KEY, []);
  session.remove(CARRIED_TOASTS_KEY);
  if (!Array.isArray(carried)) return;
  for (const item of carried as Partial<Carried>[]) {
    if (!item || typeof item.message !== 'string' || !item.message) continue;
    const kind = KINDS.includes(item.kind as ToastKind) ? (item.kind as ToastKind) : 'info';
    const duration = typeof item.duration === 'number' && item.duration >= 0 ? item.duration : TOAST_DURATION;
    toast(item.message, kind, duration);
  }
}

/** Asks the user; resolves true on confirm, false on cancel or dismiss. */
export function confirm(request: Omit<ConfirmRequest, 'id' | 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => {
    const id = state.nextId++;
    const settle = (confirmed: boolean) => {
      $confirms.set($confirms.get().filter((c) => c.id !== id));
      resolve(confirmed);
    };
    $confirms.set([...$confirms.get(), { ...request, id, resolve: settle }]);
  });
}

/** Clears every notice (tests, logout). */
export function clearNotices(): void {
  for (const id of state.timers.keys()) clearTimeout(state.timers.get(id));
  state.timers.clear();
  $toasts.set([]);
  for (const c of $confirms.get()) c.resolve(false);
  $confirms.set([]);
}
