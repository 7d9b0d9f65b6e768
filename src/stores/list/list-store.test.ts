import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../contract/accounts/schemas.ts';
import { $session, updateSession } from '../session.ts';
import { resetStores } from '../test-reset.ts';
import { createListStore, type ListParams, type ListState } from './list-store.ts';
import { pageQuery, sortQuery } from './page-query.ts';

interface Row {
  id: number;
  no: string;
  cu: number;
}
interface Filters {
  status: string;
  keyword: string;
}
interface Answer {
  list: Row[];
  total: number;
  counts: { all: number };
}

/** A call the test answers by hand. */
interface Pending {
  params: ListParams<Filters>;
  signal: AbortSignal;
  customer: number | null;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

function controlledFetch() {
  const calls: Pending[] = [];
  const fetch = vi.fn((params: ListParams<Filters>, signal: AbortSignal) => {
    return new Promise<Answer>((resolve, reject) => {
      calls.push({
        params,
        signal,
        customer: $session.get().userInfo?.customer?.cu_id ?? null,
        resolve,
        reject,
      });
    });
  });
  /** Answers a call with rows of its own customer and page. */
  const answer = (call: Pending | undefined, total = 95) => {
    if (!call) throw new Error('no such call');
    const { page, pageSize } = call.params;
    const count = Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
    const list = Array.from({ length: count }, (_, i) => {
      const id = (page - 1) * pageSize + i + 1;
      return { id, no: `LP${call.customer}-${id}`, cu: call.customer ?? 0 };
    });
    call.resolve({ list, total, counts: { all: total } });
  };
  return { calls, fetch, answer, last: () => calls[calls.length - 1] };
}

function signIn(cuId: number | null): void {
  const info: UserInfo | null =
    cuId === null
      ? null
      : {
          name: 'Tester',
          avatar: '',
          introduction: '',
          roles: ['admin'],
          uid: 7,
          user: { ur_account: 'tester' },
          sg_id: 1,
          role_label: '',
          customer: {
            cu_id: cuId,
            cu_name: `Customer ${cuId}`,
            identifier: `c${cuId}`,
            co_id: 1,
            co_name: 'LP',
          },
          city: '',
          pass_flag: 0,
          is_weak_password: false,
          is_white_customer: false,
          mobile_hint: '',
        };
  updateSession({ userInfo: info });
}

/** Lets resolved promises run their continuations. */
const flush = () => vi.advanceTimersByTimeAsync(0);

const FILTERS: Filters = { status: '', keyword: '' };

function setup() {
  const f = controlledFetch();
  const list = createListStore<Row, Filters, Answer>({
    fetch: f.fetch,
    filters: FILTERS,
    rowId: (row) => String(row.id),
  });
  const seen: ListState<Row, Filters, Answer>[] = [];
  const stop = list.$state.subscribe((state) => seen.push(state));
  return { ...f, list, seen, stop };
}

let stores: { $state: unknown; $selected: unknown }[] = [];
beforeEach(() => {
  resetStores();
  vi.useFakeTimers();
  signIn(1);
});
afterEach(() => {
  for (const s of stores) cleanStores(s.$state as never, s.$selected as never);
  stores = [];
  vi.useRealTimers();
  resetStores();
});
const make = () => {
  const s = setup();
  stores.push(s.list);
  return s;
};

describe('list store: refresh (a change told live)', () => {
  it('reads the shown page again with the rows on screen, and keeps them when the read fails', async () => {
    const { list, calls, answer, seen } = make();
    answer(calls[0], 30);
    await flush();
    list.setPage(2);
    answer(calls[1], 30);
    await flush();
    const shown = seen.length;
    void list.refresh();
    expect(calls).toHaveLength(3);
    expect(calls[2]?.params.page).toBe(2);
    // no loading state meanwhile: the rows stay
    expect(seen.slice(shown).every((state) => state.status === 'loaded')).toBe(true);
    answer(calls[2], 31);
    await flush();
    expect(list.$state.get()).toMatchObject({ status: 'loaded', total: 31 });
    void list.refresh();
    calls[3]?.reject(new Error('offline'));
    await flush();
    expect(list.$state.get()).toMatchObject({ status: 'loaded', total: 31, error: null });
    expect(list.$state.get().rows).toHaveLength(10);
  });

  it('asks nothing while a request is under way or the list is not loaded', async () => {
    const { list, calls, answer } = make();
    void list.refresh();
    expect(calls).toHaveLength(1);
    answer(calls[0]);
    await flush();
    list.setPage(3);
    void list.refresh();
    expect(calls).toHaveLength(2);
  });
});

describe('list store', () => {
  it('loads the first page of the current customer when subscribed', async () => {
    const { list, calls, answer } = make();
    expect(list.$state.get().status).toBe('loading');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toEqual({ page: 1, pageSize: 10, sort: null, filters: FILTERS });
    answer(calls[0]);
    await flush();
    const state = list.$state.get();
    expect(state.status).toBe('loaded');
    expect(state.rows.map((r) => r.no)).toEqual(Array.from({ length: 10 }, (_, i) => `LP1-${i + 1}`));
    expect([state.total, state.answer?.counts.all, state.customer]).toEqual([95, 95, 1]);
  });

  it('lets the latest request win and aborts the older one', async () => {
    const { list, calls, answer } = make();
    answer(calls[0]);
    await flush();
    list.setPage(2);
    list.setPage(3);
    expect(calls.map((c) => c.params.page)).toEqual([1, 2, 3]);
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(calls[2]?.signal.aborted).toBe(false);
    answer(calls[2]);
    await flush();
    // the page-2 answer arrives late (a server that ignored the abort): it changes nothing
    answer(calls[1]);
    await flush();
    const state = list.$state.get();
    expect(state.params.page).toBe(3);
    expect(state.rows[0]?.id).toBe(21);
    expect(state.status).toBe('loaded');
  });

  it('a late failure of a replaced request does not mark the list failed', async () => {
    const { list, calls, answer } = make();
    list.setPage(2);
    calls[0]?.reject(new DOMException('aborted', 'AbortError'));
    answer(calls[1]);
    await flush();
    expect(list.$state.get().status).toBe('loaded');
    expect(list.$state.get().error).toBeNull();
  });

  it('keeps the page rows while the next page loads', async () => {
    const { list, calls, answer } = make();
    answer(calls[0]);
    await flush();
    list.setPage(2);
    const state = list.$state.get();
    expect(state.status).toBe('loading');
    expect(state.rows).toHaveLength(10);
    expect(state.params.page).toBe(2);
  });

  it('reports a failure with its error and retries with the same parameters', async () => {
    const { list, calls, answer } = make();
    list.setFilters({ status: 'finished' });
    const error = new Error('network');
    calls[1]?.reject(error);
    await flush();
    expect(list.$state.get().status).toBe('failed');
    expect(list.$state.get().error).toBe(error);
    const retried = list.retry();
    expect(list.$state.get()).toMatchObject({ status: 'loading', error: null });
    expect(calls[2]?.params).toEqual(calls[1]?.params);
    answer(calls[2]);
    await retried;
    expect(list.$state.get().status).toBe('loaded');
  });

  it('resets the page on sort, filter and page-size changes, and keeps the rest', async () => {
    const { list, calls, answer } = make();
    answer(calls[0]);
    await flush();
    list.setPage(4);
    list.setSort({ key: 'created_at', desc: true });
    expect(list.$state.get().params).toMatchObject({ page: 1, sort: { key: 'created_at', desc: true } });
    list.setPage(3);
    list.setFilters({ keyword: 'LP2026' });
    expect(list.$state.get().params).toEqual({
      page: 1,
      pageSize: 10,
      sort: { key: 'created_at', desc: true },
      filters: { status: '', keyword: 'LP2026' },
    });
    list.setPage(2);
    list.setPageSize(50);
    expect(list.$state.get().params).toMatchObject({ page: 1, pageSize: 50, filters: { keyword: 'LP2026' } });
    list.setPage(2);
    list.resetFilters();
    expect(list.$state.get().params).toMatchObject({ page: 1, pageSize: 50, filters: FILTERS });
    // the same sort again asks nothing
    const before = calls.length;
    list.setSort({ key: 'created_at', desc: true });
    expect(calls).toHaveLength(before);
    expect(calls[calls.length - 1]?.params.page).toBe(1);
  });

  it('becomes the list a link names with one request, and asks nothing when it is that list already', async () => {
    const { list, calls, answer } = make();
    answer(calls[0]);
    await flush();
    const named: ListParams<Filters> = {
      page: 3,
      pageSize: 20,
      sort: { key: 'no', desc: true },
      filters: { status: 'finished', keyword: '' },
    };
    list.setParams(named);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params).toEqual(named);
    answer(calls[1]);
    await flush();
    list.setParams({ ...named, filters: { status: 'finished' } as Filters });
    expect(calls).toHaveLength(2);
  });

  it('on a customer switch drops the rows at once, resets filters and selection and reloads', async () => {
    const { list, calls, answer, seen } = make();
    list.setFilters({ status: 'finished' });
    answer(calls[1]);
    await flush();
    list.setPage(2);
    answer(calls[2]);
    await flush();
    list.select(list.$state.get().rows.slice(0, 2), true);
    list.setPage(3); // still loading when the switch comes
    const pending = calls[3];
    seen.length = 0;

    signIn(2);
    const now = list.$state.get();
    expect(now).toMatchObject({ status: 'loading', customer: 2, rows: [], total: 0, answer: null });
    expect(now.params).toEqual({ page: 1, pageSize: 10, sort: null, filters: FILTERS });
    expect(list.$selected.get().size).toBe(0);
    expect(pending?.signal.aborted).toBe(true);
    // no state a subscriber saw after the switch holds another customer's rows
    expect(seen.length).toBeGreaterThan(0);
    for (const state of seen) expect(state.rows.every((r) => r.cu === 2)).toBe(true);

    // customer 1's late answer is ignored; customer 2's is shown
    answer(pending);
    await flush();
    expect(list.$state.get().rows).toEqual([]);
    const reload = calls[calls.length - 1];
    expect(reload?.customer).toBe(2);
    answer(reload, 3);
    await flush();
    expect(list.$state.get().rows.map((r) => r.no)).toEqual(['LP2-1', 'LP2-2', 'LP2-3']);
    for (const state of seen) expect(state.rows.every((r) => r.cu === 2)).toBe(true);
  });

  it('shows no previous-customer rows to code that reads it before the list hears of the switch', async () => {
    const early: ListState<Row, Filters, Answer>[] = [];
    let read = () => {};
    const off = $session.listen(() => read());
    const { list, calls, answer } = make();
    read = () => early.push(list.$state.get());
    answer(calls[0]);
    await flush();
    signIn(2);
    off();
    expect(early.length).toBeGreaterThan(0);
    for (const state of early) expect(state).toMatchObject({ customer: 2, rows: [], status: 'loading' });
  });

  it('never shows the previous customer to a reader that was not subscribed', async () => {
    const f = controlledFetch();
    const list = createListStore<Row, Filters, Answer>({
      fetch: f.fetch,
      filters: FILTERS,
      rowId: (row) => String(row.id),
    });
    stores.push(list);
    const stop = list.$state.listen(() => {});
    f.answer(f.calls[0]);
    await flush();
    stop();
    await vi.advanceTimersByTimeAsync(2000); // unmounted: it no longer follows the session
    signIn(3);
    expect(list.$state.get().rows).toEqual([]);
    expect(list.$state.get().customer).toBe(3);
  });

  it('loads nothing while signed out and starts when a customer is there', async () => {
    signIn(null);
    const { list, calls, answer } = make();
    expect(list.$state.get().status).toBe('idle');
    expect(calls).toHaveLength(0);
    signIn(5);
    expect(calls).toHaveLength(1);
    answer(calls[0], 4);
    await flush();
    expect(list.$state.get().rows.map((r) => r.no)).toEqual(['LP5-1', 'LP5-2', 'LP5-3', 'LP5-4']);
  });

  it('keeps filters set before a customer is known, and forgets them on sign-out', async () => {
    signIn(null);
    const { list, calls } = make();
    list.setFilters({ status: 'pending_confirm' }); // a page reading its URL before the session is ready
    expect(calls).toHaveLength(0);
    signIn(4);
    expect(calls[0]?.params.filters).toEqual({ status: 'pending_confirm', keyword: '' });
    signIn(null);
    expect(list.$state.get()).toMatchObject({ status: 'idle', rows: [], customer: null });
    signIn(5);
    expect(calls[calls.length - 1]?.params.filters).toEqual(FILTERS);
  });

  it('keeps the selection by row id across pages', async () => {
    const { list, calls, answer } = make();
    answer(calls[0]);
    await flush();
    list.select(list.$state.get().rows.slice(0, 3), true);
    list.setPage(2);
    answer(calls[1]);
    await flush();
    list.select(list.$state.get().rows.slice(0, 1), true);
    expect([...list.$selected.get().keys()]).toEqual(['1', '2', '3', '11']);
    list.select([{ id: 2, no: 'LP1-2', cu: 1 }], false);
    expect([...list.$selected.get().keys()]).toEqual(['1', '3', '11']);
    list.clearSelection();
    expect(list.$selected.get().size).toBe(0);
  });

  it('goes to the last page when the page asked for no longer exists', async () => {
    const { list, calls, answer } = make();
    list.setPage(9);
    answer(calls[1], 25);
    await flush();
    expect(calls[2]?.params.page).toBe(3);
    answer(calls[2], 25);
    await flush();
    expect(list.$state.get()).toMatchObject({ status: 'loaded', total: 25 });
    expect(list.$state.get().params.page).toBe(3);
    expect(list.$state.get().rows.map((r) => r.id)).toEqual([21, 22, 23, 24, 25]);
  });
});

describe('page query', () => {
  it('turns page, size and sort into the spec paging fields', () => {
    expect(pageQuery({ page: 1, pageSize: 10, sort: null })).toEqual({ start: 0, limit: 10, currentPage: 1 });
    expect(pageQuery({ page: 3, pageSize: 20, sort: { key: 'created_at', desc: true } })).toEqual({
      start: 40,
      limit: 20,
      currentPage: 3,
      sort: '-created_at',
    });
    expect(sortQuery({ key: 'order_no', desc: false })).toBe('order_no');
  });
});
