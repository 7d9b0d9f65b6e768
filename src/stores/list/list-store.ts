import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import { $customer } from '../session.ts';

/** One sort key of a server-sorted list. */
export interface ListSort {
  /** The column's key, as the server knows the field. */
  key: string;
  desc: boolean;
}

/** What the list asks the server for. */
export interface ListParams<Filters> {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: ListSort | null;
  filters: Filters;
}

/** What a list call answers at least; extra fields (an order list's `counts`) are kept in `answer`. */
export interface ListAnswer<Row> {
  list: readonly Row[];
  total: number;
}

/**
 * Calls the server for one page. `signal` aborts when a newer request replaces this one or the
 * customer changes; the answer of an aborted or replaced call is ignored anyway.
 */
export type ListFetch<Row, Filters, Answer extends ListAnswer<Row>> = (
  params: ListParams<Filters>,
  signal: AbortSignal,
) => Promise<Answer>;

export type ListStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ListState<Row, Filters, Answer extends ListAnswer<Row>> {
  /**
   * idle: no customer (signed out) or not loaded yet; loading: a request is running (rows of the
   * previous page of the same customer stay until it answers); loaded; failed (see `error`).
   */
  status: ListStatus;
  params: ListParams<Filters>;
  rows: readonly Row[];
  total: number;
  /** The last answer as the server gave it (`counts` and such), null until one arrives. */
  answer: Answer | null;
  /** Why the last request failed (an `ApiError` from the API client), else null. */
  error: unknown;
  /** The `cu_id` these rows belong to. */
  customer: number | null;
}

export interface ListStoreOptions<Row, Filters, Answer extends ListAnswer<Row>> {
  fetch: ListFetch<Row, Filters, Answer>;
  /** The filters of a fresh list; `resetFilters()` and a customer switch return to them. */
  filters: Filters;
  /** Default 10 (the spec's first page: start 0, limit 10). */
  pageSize?: number;
  sort?: ListSort | null;
  /** A row's identity, which selection is kept by across pages. */
  rowId: (row: Row) => string;
  /** The customer whose rows these are (default: the session's `cu_id`). */
  customer?: ReadableAtom<number | null>;
}

export interface ListStore<Row, Filters, Answer extends ListAnswer<Row> = ListAnswer<Row>> {
  /**
   * The list. Reading or subscribing loads it (and follows customer switches while subscribed).
   * Rows of another customer than the current one are never shown, not even for one render.
   */
  readonly $state: ReadableAtom<ListState<Row, Filters, Answer>>;
  /** Selected rows by id; kept across pages, sorts and filters, cleared on a customer switch. */
  readonly $selected: ReadableAtom<ReadonlyMap<string, Row>>;
  readonly rowId: (row: Row) => string;
  setPage(page: number): void;
  /** Changes the page size and goes back to page 1. */
  setPageSize(pageSize: number): void;
  /** Changes the sort (null: the server's default) and goes back to page 1. */
  setSort(sort: ListSort | null): void;
  /** Merges `patch` into the filters and goes back to page 1. */
  setFilters(patch: Partial<Filters>): void;
  /** Restores the initial filters and goes back to page 1. */
  resetFilters(): void;
  /**
   * Makes the list the one `params` names (a link followed, a saved view picked) with one
   * request; its filters are merged into the current ones as `setFilters` does. Nothing is asked
   * when the list is that one already.
   */
  setParams(params: ListParams<Filters>): void;
  /** Asks again with the same parameters (after a failure, or to refresh). */
  retry(): Promise<void>;
  /** The same as retry: asks again with the current parameters. */
  reload(): Promise<void>;
  /**
   * Reads the shown page again in the background (a change told live): the rows stay on screen,
   * with no loading state, until the answer replaces them; a failure keeps them. Nothing is asked
   * while the list is not loaded or a request is under way.
   */
  refresh(): Promise<void>;
  /** Selects (`on`) or unselects rows. */
  select(rows: readonly Row[], on: boolean): void;
  clearSelection(): void;
}

const sameSort = (a: ListSort | null, b: ListSort | null) =>
  a === b || (a !== null && b !== null && a.key === b.key && a.desc === b.desc);

function sameParams<F extends object>(a: ListParams<F>, b: ListParams<F>): boolean {
  const keys = new Set([...Object.keys(a.filters), ...Object.keys(b.filters)]) as Set<keyof F>;
  return (
    a.page === b.page &&
    a.pageSize === b.pageSize &&
    sameSort(a.sort, b.sort) &&
    [...keys].every((key) => Object.is(a.filters[key], b.filters[key]))
  );
}

const sessionCustomer = computed($customer, (customer) => customer?.cu_id ?? null);

/**
 * A paged, server-sorted and filtered list (order list, inventory, addresses): the parameters,
 * the rows of one page and the request state, for one customer. The newest request wins: a
 * newer one aborts the older, and an older answer that still arrives is dropped. A customer
 * switch drops the rows, the selection and the filters at once and loads page 1 again.
 *
 * Make one per component, or one per page with `shared(name, () => createListStore(…))`.
 */
export function createListStore<
  Row,
  Filters extends object,
  Answer extends ListAnswer<Row> = ListAnswer<Row>,
>(options: ListStoreOptions<Row, Filters, Answer>): ListStore<Row, Filters, Answer> {
  type State = ListState<Row, Filters, Answer>;
  const $cu = options.customer ?? sessionCustomer;
  const initialParams = (): ListParams<Filters> => ({
    page: 1,
    pageSize: options.pageSize ?? 10,
    sort: options.sort ?? null,
    filters: { ...options.filters },
  });
  const blank = (customer: number | null, params: ListParams<Filters>): State => ({
    status: 'idle',
    params,
    rows: [],
    total: 0,
    answer: null,
    error: null,
    customer,
  });

  const $internal = atom<State>(blank(null, initialParams()));
  const $selected = atom<ReadonlyMap<string, Row>>(new Map());
  let controller: AbortController | null = null;
  let latest = 0;

  /** Asks for `params`; whatever answers later than a newer request is ignored. */
  async function load(params: ListParams<Filters>): Promise<void> {
    const customer = $cu.get();
    controller?.abort();
    controller = null;
    const current = $internal.get();
    if (customer === null) {
      $internal.set(blank(null, params));
      return;
    }
    const request = ++latest;
    const own = new AbortController();
    controller = own;
    const kept = current.customer === customer ? current : blank(customer, params);
    $internal.set({ ...kept, status: 'loading', params, error: null, customer });
    try {
      const answer = await options.fetch(params, own.signal);
      if (request !== latest) return;
      controller = null;
      const pageCount = Math.max(1, Math.ceil(answer.total / params.pageSize));
      if (answer.list.length === 0 && params.page > pageCount) {
        // The list shrank under us (rows deleted elsewhere): show its last page instead.
        await load({ ...params, page: pageCount });
        return;
      }
      $internal.set({
        status: 'loaded',
        params,
        rows: answer.list,
        total: answer.total,
        answer,
        error: null,
        customer,
      });
    } catch (error) {
      if (request !== latest) return;
      controller = null;
      $internal.set({ ...$internal.get(), status: 'failed', error });
    }
  }

  async function refresh(): Promise<void> {
    const state = $internal.get();
    if (state.status !== 'loaded' || controller || state.customer !== $cu.get()) return;
    const request = ++latest;
    const own = new AbortController();
    controller = own;
    try {
      const answer = await options.fetch(state.params, own.signal);
      if (request !== latest) return;
      controller = null;
      const pageCount = Math.max(1, Math.ceil(answer.total / state.params.pageSize));
      if (answer.list.length === 0 && state.params.page > pageCount) {
        await load({ ...state.params, page: pageCount });
        return;
      }
      $internal.set({ ...$internal.get(), rows: answer.list, total: answer.total, answer, error: null });
    } catch {
      if (request === latest) controller = null;
    }
  }

  const change = (patch: Partial<ListParams<Filters>>) => {
    void load({ ...$internal.get().params, ...patch });
  };

  /** A customer switch: nothing of the previous customer survives. */
  function follow(customer: number | null): void {
    const state = $internal.get();
    if (state.customer === customer && state.status !== 'idle') return;
    controller?.abort();
    controller = null;
    latest++;
    // A switch away from a customer (not the first one heard of) forgets the choices made for it;
    // filters and a selection made before the store first knew the customer are kept.
    const switched = state.customer !== null && state.customer !== customer;
    if (switched) $selected.set(new Map());
    const params = switched ? { ...state.params, page: 1, filters: { ...options.filters } } : state.params;
    $internal.set(blank(customer, params));
    if (customer !== null) void load(params);
  }

  onMount($internal, () => {
    follow($cu.get());
    return $cu.listen(follow);
  });

  const $state = computed(
    [$internal, $cu],
    (state, customer): State =>
      state.customer === customer
        ? state
        : { ...blank(customer, state.params), status: customer === null ? 'idle' : 'loading' },
  );

  return {
    $state,
    $selected,
    rowId: options.rowId,
    setPage(page) {
      const next = Math.max(1, Math.floor(page));
      if (next !== $internal.get().params.page || $internal.get().status === 'failed') change({ page: next });
    },
    setPageSize(pageSize) {
      change({ pageSize: Math.max(1, Math.floor(pageSize)), page: 1 });
    },
    setSort(sort) {
      if (!sameSort($internal.get().params.sort, sort)) change({ sort, page: 1 });
    },
    setFilters(patch) {
      change({ filters: { ...$internal.get().params.filters, ...patch }, page: 1 });
    },
    resetFilters() {
      change({ filters: { ...options.filters }, page: 1 });
    },
    setParams(params) {
      const current = $internal.get();
      const next: ListParams<Filters> = {
        page: Math.max(1, Math.floor(params.page)),
        pageSize: Math.max(1, Math.floor(params.pageSize)),
        sort: params.sort,
        filters: { ...current.params.filters, ...params.filters },
      };
      const settled = current.status === 'loading' || current.status === 'loaded';
      if (!settled || !sameParams(current.params, next)) void load(next);
    },
    retry: () => load($internal.get().params),
    reload: () => load($internal.get().params),
    refresh,
    select(rows, on) {
      const next = new Map($selected.get());
      for (const row of rows) {
        if (on) next.set(options.rowId(row), row);
        else next.delete(options.rowId(row));
      }
      $selected.set(next);
    },
    clearSelection() {
      if ($selected.get().size) $selected.set(new Map());
    },
  };
}
