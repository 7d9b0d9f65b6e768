import '../../i18n/areas/order-list.ts';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { OPEN_STATUSES } from '../../contract/orders/domain.ts';
import { PRINT_MAX } from '../../contract/orders/limits.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import { exportOrders } from './api.ts';
import { followDownload } from '../../api/files.ts';
import { filterQuery, sortedQuery } from './filters.ts';
import type { MergeIntent } from './merge-intent.ts';
import { printPath } from './open-order.ts';
import type { OrderListStore } from './order-list-store.ts';

const BulkDialogs = lazy(() => import('./bulk-dialogs.tsx'));

/** What the list says after an export or a print that the user may act on. */
export type ListNotice = { kind: 'export-job'; rows: number } | { kind: 'print'; url: string; count: number };

export interface BulkActionsProps {
  list: OrderListStore;
  merge: MergeIntent;
  onNotice: (notice: ListNotice | null) => void;
}

/**
 * The toolbar of the list: cancel the selected orders (with a reason), merge them (confirmed),
 * export the selected orders or else the whole filtered list (a file, or a job of the download
 * centre), print the selected orders' waybills (one document, one page each).
 */
export function BulkActions({ list, merge, onNotice }: BulkActionsProps) {
  const t = useT();
  const selected = useStore(list.$selected);
  const [dialog, setDialog] = useState<'cancel' | 'merge' | null>(null);
  const [busy, setBusy] = useState<'cancel' | 'merge' | 'export' | null>(null);
  const orders = [...selected.values()];
  // Cancel and merge take open orders only (pending review or confirmation): offered only when
  // every selected order is one, and the orders that are not are named.
  const closed = orders.filter((o) => !OPEN_STATUSES.includes(o.status));
  const whyNot =
    closed.length > 0
      ? t('orderList.action.onlyOpen', {
          orders: [
            ...closed.slice(0, 5).map((o) =>
              t('orderList.action.orderState', {
                no: o.order_no,
                status: t(`orderList.status.${o.status}`),
              }),
            ),
            ...(closed.length > 5 ? ['…'] : []),
          ].join(t('orderList.action.separator')),
        })
      : undefined;

  const runExport = async () => {
    setBusy('export');
    onNotice(null);
    try {
      const { filters, sort } = list.$state.get().params;
      // rows ticked: those orders only (in the list's sort); none: the whole filtered list
      const answer = await exportOrders(
        orders.length > 0
          ? { ids: orders.map((o) => o.id).join(','), ...sortedQuery(sort) }
          : { ...filterQuery(filters), ...sortedQuery(sort) },
      );
      if (answer.mode === 'file' && answer.url) {
        followDownload(answer.url, 'orders.xlsx');
        toast(t('orderList.export.file', { rows: answer.rows }), 'success');
      } else onNotice({ kind: 'export-job', rows: answer.rows });
    } catch {
      // shown by the page's notices
    } finally {
      setBusy(null);
    }
  };

  // one document for every selected order: the first order's print view with the others after it
  const printUrl = orders.length
    ? printPath(
        orders[0]!.id,
        orders.slice(1).map((o) => o.id),
      )
    : '';
  const tooMany = orders.length > PRINT_MAX;
  const print = () => {
    if (!printUrl || tooMany) return;
    // (not 'noopener': with it a browser always answers null, blocked or not; the link is cut here)
    const opened = window.open(printUrl, '_blank');
    if (opened) opened.opener = null;
    // a blocked window becomes a link the user can follow
    onNotice(opened ? null : { kind: 'print', url: printUrl, count: orders.length });
  };

  const open = (kind: 'cancel' | 'merge') => () => setDialog(kind);
  return (
    <>
      <Button
        size="sm"
        variant="danger"
        disabled={orders.length === 0 || closed.length > 0}
        aria-describedby={whyNot ? 'order-bulk-why' : undefined}
        loading={busy === 'cancel'}
        onClick={open('cancel')}
      >
        {t('orderList.action.cancel')}
      </Button>
      <Button
        size="sm"
        disabled={orders.length < 2 || closed.length > 0}
        aria-describedby={whyNot ? 'order-bulk-why' : undefined}
        title={orders.length < 2 ? t('orderList.merge.needTwo') : undefined}
        loading={busy === 'merge'}
        onClick={open('merge')}
      >
        {t('orderList.action.merge')}
      </Button>
      <Button
        size="sm"
        disabled={orders.length === 0 || tooMany}
        title={tooMany ? t('orderList.print.tooMany', { max: PRINT_MAX }) : undefined}
        onClick={print}
      >
        {orders.length > 1
          ? t('orderList.action.printSelected', { count: orders.length })
          : t('orderList.action.print')}
      </Button>
      <Button size="sm" variant="primary" loading={busy === 'export'} onClick={() => void runExport()}>
        {orders.length > 0
          ? t('orderList.action.exportSelected', { count: orders.length })
          : t('orderList.action.export')}
      </Button>
      {whyNot && (
        <p id="order-bulk-why" className="order-bulk__why">
          {whyNot}
        </p>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <BulkDialogs
            kind={dialog}
            orders={orders}
            list={list}
            merge={merge}
            onClose={() => setDialog(null)}
            onBusy={(on) => setBusy(on ? dialog : null)}
          />
        </Suspense>
      )}
    </>
  );
}
