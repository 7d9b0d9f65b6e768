import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import type { Overview } from '../../contract/orders/overview.ts';
import { $customer } from '../../stores/session.ts';
import { fetchOverview } from './api.ts';

/** A refresh on focus or visibility comes at most this often (a click in and out asks once). */
export const REFRESH_MIN_MS = 30_000;

export type OverviewStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface OverviewState {
  /**
   * idle: no customer (signed out); loading: a request is running (a refresh keeps the
   * customer's last answer in `data` meanwhile); loaded; failed (`data` keeps the last answer, if any).
   */
  status: OverviewStatus;
  /** The last answer for `customer` (never another customer's). */
  data: Overview | null;
  /** The `cu_id` `data` belongs to. */
  customer: number | null;
  error: unknown;
}

export interface OverviewStoreOptions {
  /** The customer whose overview it is (default: the session's `cu_id`). */
  customer?: ReadableAtom<number | null>;
  fetch?: (signal: AbortSignal, quiet: boolean) => Promise<Overview>;
  /** What refreshes it while `follow()` is on (default: the window's focus and the page becoming visible). */
  follow?: (refresh: () => void) => () => void;
}

export interface OverviewStore {
  /** The overview. Watching it loads it and follows customer switches. */
  readonly $state: ReadableAtom<OverviewState>;
  /** Asks again now (the retry and refresh buttons). */
  reload(): Promise<void>;
  /** Asks again unless the last request started less than `REFRESH_MIN_MS` ago. */
  refreshIfStale(): Promise<void>;
  /** Asks again now, quietly, keeping the overview shown (a change told live). */
  refresh(): Promise<void>;
  /**
   * Refreshes (`refreshIfStale`) when the window regains focus or the page becomes visible, until
   * the function it returns is called (the page showing the overview calls it while it is shown).
   */
  follow(): () => void;
}

const sessionCustomer = computed($customer, (customer) => customer?.cu_id ?? null);

/** The window regaining focus or the page becoming visible again. */
function followFocus(refresh: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const visible = () => {
    if (document.visibilityState === 'visible') refresh();
  };
  window.addEventListener('focus', refresh);
  document.addEventListener('visibilitychange', visible);
  return () => {
    window.removeEventListener('focus', refresh);
    document.removeEventListener('visibilitychange', visible);
  };
}

const blank = (customer: number | null): OverviewState => ({
  status: customer === null ? 'idle' : 'loading',
  data: null,
  customer,
  error: null,
});

/**
 * The home page's overview for one customer. Watching `$state` loads it and follows customer
 * switches; `follow()` adds the refresh on focus and visibility. The newest request wins (a newer one aborts the
 * older). A customer switch drops the previous customer's numbers at once, before the new ones
 * are asked for: `$state` never pairs one customer's numbers with another customer's session,
 * not even for code that reads it before the store has heard of the switch.
 */
export function createOverviewStore(options: OverviewStoreOptions = {}): OverviewStore {
  const $cu = options.customer ?? sessionCustomer;
  const fetch = options.fetch ?? fetchOverview;
  const follow = options.follow ?? followFocus;
  const $internal = atom<OverviewState>(blank(null));
  let controller: AbortController | null = null;
  let latest = 0;
  /** When the last request started (`Date.now()`), for the refresh's pace. */
  let askedAt = Number.NEGATIVE_INFINITY;

  async function load(quiet: boolean): Promise<void> {
    const customer = $cu.get();
    controller?.abort();
    controller = null;
    const current = $internal.get();
    if (customer === null) {
      $internal.set(blank(null));
      return;
    }
    const request = ++latest;
    const own = new AbortController();
    controller = own;
    askedAt = Date.now();
    const kept = current.customer === customer ? current : blank(customer);
    $internal.set({ ...kept, status: 'loading', error: null, customer });
    try {
      const data = await fetch(own.signal, quiet);
      if (request !== latest) return;
      controller = null;
      $internal.set({ status: 'loaded', data, customer, error: null });
    } catch (error) {
      if (request !== latest) return;
      controller = null;
      $internal.set({ ...$internal.get(), status: 'failed', error });
    }
  }

  function switchTo(customer: number | null): void {
    const state = $internal.get();
    if (state.customer === customer && state.status !== 'idle') return;
    controller?.abort();
    controller = null;
    latest++;
    $internal.set(blank(customer));
    if (customer !== null) void load(false);
  }

  const refreshIfStale = (): Promise<void> =>
    Date.now() - askedAt < REFRESH_MIN_MS ? Promise.resolve() : load(true);

  onMount($internal, () => {
    switchTo($cu.get());
    const stopCustomer = $cu.listen(switchTo);
    return () => {
      stopCustomer();
      controller?.abort();
      controller = null;
      latest++;
      // a later watcher asks again (no stale "loading" left behind)
      $internal.set(blank(null));
    };
  });

  const $state = computed(
    [$internal, $cu],
    (state, customer): OverviewState => (state.customer === customer ? state : blank(customer)),
  );

  return {
    $state,
    reload: () => load(false),
    refreshIfStale,
    refresh: () => load(true),
    follow: () => follow(() => void refreshIfStale()),
  };
}
