import '../../i18n/areas/order-list.ts';
import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { REASON_MAX } from '../../contract/orders/schemas.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { cancelOrders, exportOrders, mergeOrders } from './api.ts';
import { filterQuery, sortedQuery } from './filters.ts';
import type { MergeIntent } from './merge-intent.ts';
import type { OrderListStore } from './order-list-store.ts';
import { printPath } from './open-order.ts';

/** What the list says after an export or a print that the user may act on. */
export type ListNotice =
  | { kind: 'export-job'; rows: number }
  | { kind: 'print'; orders: ReadonlyArray<{ id: number; order_no: string }> };

export interface BulkActionsProps {
  list: OrderListStore;
  merge: MergeIntent;
  onNotice: (notice: ListNotice | null) => void;
  /** After an order was merged: the new order (the element tells the page). */
  onMerged?: (order: { id: number; order_no: string }) => void;
}

/** Downloads a signed link without leaving the page. */
function download(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * The toolbar of the list: cancel the selected orders (with a reason), merge them (confirmed;
 * one Idempotency-Key per merge, kept for a retry), export the whole filtered list, print the
 * selected orders' waybills.
 */
export function BulkActions({ list, merge, onNotice, onMerged }: BulkActionsProps) {
  const t = useT();
  const selected = useStore(list.$selected);
  const state = useStore(list.$state);
  const [dialog, setDialog] = useState<'cancel' | 'merge' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'cancel' | 'merge' | 'export' | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const orders = [...selected.values()];
  const ids = orders.map((o) => o.id);

  const submitCancel = async () => {
    const text = reason.trim();
    if (!text) {
      setReasonError(t('orderList.cancel.reasonRequired'));
      reasonRef.current?.focus();
      return;
    }
    setBusy('cancel');
    try {
      const done = await cancelOrders(ids, text);
      toast(t('orderList.cancel.done', { count: done.ids.length }), 'success');
      setDialog(null);
      setReason('');
      list.clearSelection();
      void list.reload();
    } catch {
      // the API outcome (409: one of them may no longer be cancelled) is shown by the page's notices
    } finally {
      setBusy(null);
    }
  };

  const submitMerge = async () => {
    setDialog(null);
    setBusy('merge');
    try {
      const created = await mergeOrders(ids, merge.keyFor(ids));
      merge.done();
      toast(t('orderList.merge.done', { no: created.order_no }), 'success');
      list.clearSelection();
      void list.reload();
      onMerged?.(created);
    } catch {
      // kept: merging the same orders again sends the same key, so a lost answer merges once
    } finally {
      setBusy(null);
    }
  };

  const runExport = async () => {
    setBusy('export');
    onNotice(null);
    try {
      const { filters, sort } = state.params;
      const answer = await exportOrders({ ...filterQuery(filters), ...sortedQuery(sort) });
      if (answer.mode === 'file' && answer.url) {
        download(answer.url);
        toast(t('orderList.export.file', { rows: answer.rows }), 'success');
      } else onNotice({ kind: 'export-job', rows: answer.rows });
    } catch {
      // shown by the page's notices
    } finally {
      setBusy(null);
    }
  };

  const print = () => {
    const [first] = orders;
    if (!first) return;
    const opened = window.open(printPath(first.id), '_blank', 'noopener');
    // A browser opens one window per click: the others (and a blocked first) become links.
    const rest = opened ? orders.slice(1) : orders;
    onNotice(
      rest.length ? { kind: 'print', orders: rest.map(({ id, order_no }) => ({ id, order_no })) } : null,
    );
  };

  return (
    <>
      <Button
        size="sm"
        variant="danger"
        disabled={ids.length === 0}
        loading={busy === 'cancel'}
        onClick={() => {
          setReasonError(undefined);
          setDialog('cancel');
        }}
      >
        {t('orderList.action.cancel')}
      </Button>
      <Button
        size="sm"
        disabled={ids.length < 2}
        title={ids.length < 2 ? t('orderList.merge.needTwo') : undefined}
        loading={busy === 'merge'}
        onClick={() => setDialog('merge')}
      >
        {t('orderList.action.merge')}
      </Button>
      <Button size="sm" disabled={ids.length === 0} onClick={print}>
        {t('orderList.action.print')}
      </Button>
      <Button size="sm" variant="primary" loading={busy === 'export'} onClick={() => void runExport()}>
        {t('orderList.action.export')}
      </Button>
      <Dialog
        open={dialog === 'cancel'}
        title={t('orderList.cancel.title', { count: ids.length })}
        onClose={() => setDialog(null)}
        initialFocus={reasonRef}
        footer={
          <>
            <Button guardMs={0} onClick={() => setDialog(null)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" loading={busy === 'cancel'} onClick={() => void submitCancel()}>
              {t('orderList.cancel.confirm')}
            </Button>
          </>
        }
      >
        <p className="order-dialog__orders">{orders.map((o) => o.order_no).join('、')}</p>
        <TextAreaField
          name="reason"
          label={t('orderList.cancel.reason')}
          required
          counter
          maxLength={REASON_MAX}
          value={reason}
          error={reasonError}
          inputRef={reasonRef}
          onChange={(value) => {
            setReason(value);
            if (value.trim()) setReasonError(undefined);
          }}
        />
      </Dialog>
      <ConfirmDialog
        open={dialog === 'merge'}
        title={t('orderList.merge.title')}
        message={t('orderList.merge.message', { count: ids.length })}
        confirmText={t('orderList.merge.confirm')}
        onAnswer={(yes) => (yes ? void submitMerge() : setDialog(null))}
      />
    </>
  );
}
