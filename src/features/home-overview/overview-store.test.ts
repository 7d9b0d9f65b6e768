import { afterEach, describe, expect, it } from 'vitest';
import { atom } from 'nanostores';
import type { Overview } from '../../contract/orders/overview.ts';
import { type FakeClock, fakeClock } from '../../ui/testing/clock.ts';
import { createOverviewStore, type OverviewState, REFRESH_MIN_MS } from './overview-store.ts';

/** A minimal answer, told apart by its `all` count. */
const answer = (all: number) => ({ counts: { all } }) as unknown as Overview;
const allOf = (state: OverviewState) => state.data?.counts.all ?? null;

/** A fetch the test answers by hand, in any order. */
function manualFetch() {
  const calls: Array<{
    resolve: (o: Overview) => void;
    reject: (e: unknown) => void;
    signal: AbortSignal;
    quiet: boolean;
  }> = [];
  const fetch = (signal: AbortSignal, quiet: boolean) =>
    new Promise<Overview>((resolve, reject) => calls.push({ resolve, reject, signal, quiet }));
  return { calls, fetch };
}

describe('the overview store', () => {
  let clock: FakeClock | null = null;
  // each test's store is its own; its watcher is stopped after the test (cleanStores is for
  // development builds, and these tests run the production one)
  const watchers: Array<() => void> = [];
  afterEach(() => {
    clock?.uninstall();
    clock = null;
    for (const stop of watchers.splice(0)) stop();
  });

  function setup() {
    const customer = atom<number | null>(1);
    const { calls, fetch } = manualFetch();
    let refresh: () => void = () => undefined;
    const store = createOverviewStore({
      customer,
      fetch,
      follow: (r) => {
        refresh = r;
        return () => undefined;
      },
    });
    const seen: Array<{ customer: number | null; all: number | null }> = [];
    watchers.push(store.$state.subscribe((s) => seen.push({ customer: s.customer, all: allOf(s) })));
    watchers.push(store.follow());
    return { customer, calls, store, seen, refresh: () => refresh() };
  }

  it('never pairs a customer with another customer’s numbers, and drops a late answer of the old one', async () => {
    const { customer, calls, store, seen } = setup();
    expect(calls).to.have.length(1);
    calls[0]?.resolve(answer(12));
    await Promise.resolve();
    expect(allOf(store.$state.get())).to.equal(12);

    // a refresh of customer 1 is under way when the session moves to customer 2
    void store.reload();
    customer.set(2);
    expect(store.$state.get()).to.deep.include({ customer: 2, data: null, status: 'loading' });
    expect(calls[1]?.signal.aborted, 'the old request is aborted').to.equal(true);
    calls[1]?.resolve(answer(99));
    calls[2]?.resolve(answer(3));
    await Promise.resolve();
    await Promise.resolve();
    expect(allOf(store.$state.get())).to.equal(3);
    expect(seen.filter((s) => s.customer === 2 && s.all !== null && s.all !== 3)).to.deep.equal([]);
    expect(
      seen.some((s) => s.all === 99),
      'the old customer’s late answer never shows',
    ).to.equal(false);
  });

  it('refreshes on focus at most every 30 s, quietly, keeping the numbers meanwhile', async () => {
    clock = fakeClock();
    const { calls, store, refresh } = setup();
    calls[0]?.resolve(answer(1));
    await clock.tickAsync(0);
    refresh();
    expect(calls, 'not again at once').to.have.length(1);
    await clock.tickAsync(REFRESH_MIN_MS);
    refresh();
    expect(calls).to.have.length(2);
    expect(calls[1]?.quiet, 'a background refresh shows no page notice').to.equal(true);
    expect(store.$state.get()).to.deep.include({ status: 'loading' });
    expect(allOf(store.$state.get()), 'the numbers stay while it asks').to.equal(1);
    calls[1]?.reject(new Error('offline'));
    await clock.tickAsync(0);
    expect(store.$state.get()).to.deep.include({ status: 'failed' });
    expect(allOf(store.$state.get()), 'a failed refresh keeps the last numbers').to.equal(1);
  });

  it('is idle without a customer (signed out)', () => {
    const { customer, calls, store } = setup();
    customer.set(null);
    expect(store.$state.get()).to.deep.include({ status: 'idle', data: null, customer: null });
    expect(calls[0]?.signal.aborted).to.equal(true);
  });
});
