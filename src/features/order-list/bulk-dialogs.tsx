import '../../i18n/areas/order-list.ts';
import { useRef, useState } from 'react';
import { REASON_MAX } from '../../contract/orders/limits.ts';
import type { OrderRow } from '../../contract/orders/schemas.ts';
import { toast } from '../../stores/notices.ts';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { cancelOrders, mergeOrders } from './api.ts';
import type { MergeIntent } from './merge-intent.ts';
import type { OrderListStore } from './order-list-store.ts';

export interface BulkDialogsProps {
  kind: 'cancel' | 'merge';
  orders: readonly OrderRow[];
  list: OrderListStore;
  merge: MergeIntent;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}

/**
 * The cancel dialog (a reason is required) and the merge confirmation, loaded on the first
 * click of either button. The merge sends the intent's Idempotency-Key: after a failure, merging
 * the same orders again sends the same key, so an answer lost on the way merges once.
 */
export default function BulkDialogs({ kind, orders, list, merge, onClose, onBusy }: BulkDialogsProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const ids = orders.map((o) => o.id);

  const done = (message: string) => {
    toast(message, 'success');
    list.clearSelection();
    void list.reload();
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    onBusy(true);
    try {
      await work();
    } catch {
      // the API outcome (409: an order may no longer be cancelled or merged) is shown by the page's notices
    } finally {
      setBusy(false);
      onBusy(false);
    }
  };

  const cancel = () => {
    const text = reason.trim();
    if (!text) {
      setError(t('orderList.cancel.reasonRequired'));
      reasonRef.current?.focus();
      return;
    }
    void run(async () => {
      const answer = await cancelOrders(ids, text);
      onClose();
      done(t('orderList.cancel.done', { count: answer.ids.length }));
    });
  };

  if (kind === 'merge')
    return (
      <ConfirmDialog
        open
        title={t('orderList.merge.title')}
        message={t('orderList.merge.message', { count: ids.length })}
        confirmText={t('orderList.merge.confirm')}
        onAnswer={(yes) => {
          onClose();
          if (yes)
            void run(async () => {
              const created = await mergeOrders(ids, merge.keyFor(ids));
              merge.done();
              done(t('orderList.merge.done', { no: created.order_no }));
            });
        }}
      />
    );

  return (
    <Dialog
      open
      title={t('orderList.cancel.title', { count: ids.length })}
      onClose={onClose}
      initialFocus={reasonRef}
      footer={
        <>
          <Button guardMs={0} onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={busy} onClick={cancel}>
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
        error={error}
        inputRef={reasonRef}
        onChange={(value) => {
          setReason(value);
          if (value.trim()) setError(undefined);
        }}
      />
    </Dialog>
  );
}
