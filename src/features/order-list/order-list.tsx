import '../../i18n/areas/order-list.ts';
import { useStore } from '@nanostores/react';
import { changesOf } from '../../stores/live-changes.ts';
import { useChanges } from '../../ui/use-changes.ts';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { serverColumnSettings } from '../../api/list-settings.ts';
import type { OrderListRow } from '../../contract/orders/schemas.ts';
import { smoothScrollTo } from '../../lib/scroll.ts';
import { navigate } from '../../stores/navigation.ts';
import { savedScroll } from '../../stores/scroll.ts';
import { Button } from '../../ui/button/button.tsx';
import { DataTable } from '../../ui/data-table/index.ts';
import { ANSWERED_DAYS } from '../../contract/orders/modification-filter.ts';
import { FilterChip } from '../../ui/filter-chip/filter-chip.tsx';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { Tabs } from '../../ui/tabs/tabs.tsx';
import { useT } from '../../ui/use-t.ts';
import { fetchProjects } from './api.ts';
import { BulkActions, type ListNotice } from './bulk-actions.tsx';
import { orderColumns } from './columns.tsx';
import { FilterBar, type ProjectOption } from './filter-bar.tsx';
import { hasFilters, NO_FILTERS, STATUS_TABS, type StatusTab } from './filters.ts';
import { createMergeIntent } from './merge-intent.ts';
import { DOWNLOAD_CENTER_PATH, ORDER_CREATE_PATH, ORDER_LIST_PATH, openOrder } from './open-order.ts';
import type { OrderListStore } from './order-list-store.ts';
import { tabCount } from './tab-count.ts';
import { useAddressSync } from './use-address.ts';
import { ZoneNote } from '../../ui/zone-note/zone-note.tsx';

/** Saved views load after the list: not needed to show it. */
const SavedViews = lazy(() => import('./saved-views.tsx').then((m) => ({ default: m.SavedViews })));

/** The list's column settings, per user and customer, on the server. */
export const COLUMN_SETTINGS_LIST = 'customer-order/index';

export interface OrderListProps {
  list: OrderListStore;
  /** Keep the list in the address bar (the portal's page); false for an embed in another page. */
  syncAddress?: boolean;
  /** The customer's projects for the project filter (undefined: no project filter). */
  projects?: readonly ProjectOption[] | undefined;
  /** An order was opened (before the portal navigates to it). */
  onOpen?: (order: { id: number; order_no: string }) => void;
}

/** The changes that can move a row or a tab count. */
const LIST_KINDS = ['order', 'excursion'];

/** A link inside the portal: a plain click navigates without reloading. */
function PortalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a
      href={to}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/** The projects given, else the customer's (loaded once; the filter stays hidden if that fails). */
function useProjects(given: readonly ProjectOption[] | undefined): readonly ProjectOption[] | undefined {
  const [loaded, setLoaded] = useState<readonly ProjectOption[] | undefined>(undefined);
  useEffect(() => {
    if (given) return;
    const abort = new AbortController();
    fetchProjects(abort.signal).then(setLoaded, () => undefined);
    return () => abort.abort();
  }, [given]);
  return given ?? loaded;
}

/**
 * The customer's orders: status tabs with their counts, filters, a server-paged and sorted
 * table with column settings and selection, bulk cancel and merge, export and print.
 */
export function OrderList({ list, syncAddress = true, projects: given, onOpen }: OrderListProps) {
  const t = useT();
  const projects = useProjects(given);
  const state = useStore(list.$state);
  const root = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<ListNotice | null>(null);
  const [merge] = useState(createMergeIntent);
  const { filters } = state.params;
  const counts = state.answer?.counts;
  const capped = state.answer?.counts_capped === true;
  useAddressSync(list, syncAddress, root);
  // An order of the customer changed (made, moved, cancelled, a case opened): the page and its
  // tab counts are read again, the rows staying on screen meanwhile.
  useChanges(changesOf(LIST_KINDS), () => void list.refresh());

  // Spec §2: back on the list, its remembered scroll position returns with a 500 ms smooth
  // scroll once the rows are there (the portal restores it too, but on a fresh mount the page
  // is still short then).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || state.status !== 'loaded') return;
    restored.current = true;
    const scroller = document.scrollingElement;
    if (!syncAddress || !scroller || location.pathname !== ORDER_LIST_PATH) return;
    const top = savedScroll(ORDER_LIST_PATH);
    // nothing remembered (a first visit): no need to read the scroll position, which would lay
    // the page out in the middle of showing the rows
    if (top > 0 && top > scroller.scrollTop + 1) void smoothScrollTo(scroller, top);
  }, [state.status, syncAddress]);

  const columns = useMemo(
    () =>
      orderColumns(t, (row: OrderListRow) => {
        onOpen?.({ id: row.id, order_no: row.order_no });
        openOrder(row);
      }),
    [t, onOpen],
  );

  const filtered = filters.status !== 'all' || hasFilters(filters);
  const empty = filtered ? (
    <EmptyState message={t('orderList.empty.filtered')}>
      <Button guardMs={0} onClick={() => list.setFilters(NO_FILTERS)}>
        {t('orderList.filter.clear')}
      </Button>
    </EmptyState>
  ) : (
    <EmptyState message={t('orderList.empty.none')}>
      <Button guardMs={0} variant="primary" onClick={() => navigate(ORDER_CREATE_PATH)}>
        {t('orderList.empty.create')}
      </Button>
    </EmptyState>
  );

  const tabs = STATUS_TABS.map((key) => {
    const count = counts ? tabCount(counts[key], capped) : null;
    return {
      key,
      label: (
        <>
          {t(`orderList.status.${key}`)}
          {count !== null && <span className="order-tab__count">{count}</span>}
        </>
      ),
    };
  });

  return (
    <div ref={root} className="order-list">
      <h1 className="order-list__title">{t('route.orderIndex')}</h1>
      <Tabs<StatusTab>
        items={tabs}
        selected={filters.status}
        onSelect={(status) => list.setFilters({ status })}
        label={t('orderList.list.tabs')}
      >
        <FilterBar
          filters={filters}
          projects={projects}
          onChange={(patch) => list.setFilters(patch)}
          onClear={() => list.setFilters({ ...NO_FILTERS, status: filters.status })}
        />
        {syncAddress && (
          // the row's place is kept while its code loads: nothing below it moves when it comes
          <Suspense fallback={<div className="order-views order-views--loading" aria-hidden="true" />}>
            <SavedViews list={list} />
          </Suspense>
        )}
        {filters.modification && (
          <FilterChip
            name={t(`orderList.modification.${filters.modification}`, { days: ANSWERED_DAYS })}
            onRemove={() => {
              list.setFilters({ modification: '' });
              // the chip is gone: the keyboard goes on from the filters
              root.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
            }}
          />
        )}
        <ZoneNote />
        <div className="order-notice" role="status">
          {capped && counts && (
            <p className="order-notice__capped">
              {t('orderList.list.capped', { count: counts.all.toLocaleString('en') })}
            </p>
          )}
          {notice?.kind === 'export-job' && (
            <p>
              {t('orderList.export.job', { rows: notice.rows })}{' '}
              <PortalLink to={DOWNLOAD_CENTER_PATH}>{t('orderList.export.centre')}</PortalLink>
            </p>
          )}
          {notice?.kind === 'print' && (
            <p>
              {t('orderList.print.blocked')}{' '}
              <a className="order-notice__link" href={notice.url} target="_blank" rel="noopener">
                {t('orderList.print.open', { count: notice.count })}
              </a>
            </p>
          )}
        </div>
        <DataTable<OrderListRow>
          source={list}
          columns={columns}
          label={t('route.orderIndex')}
          selectable
          cards
          rowLabel={(row) => row.order_no}
          columnSettings={{ list: COLUMN_SETTINGS_LIST, persistence: serverColumnSettings }}
          maxHeight="none"
          empty={empty}
          toolbar={<BulkActions list={list} merge={merge} onNotice={setNotice} />}
          totalAtLeast={capped}
        />
      </Tabs>
    </div>
  );
}
