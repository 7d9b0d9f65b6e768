import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $confirms, $toasts, dismissToast, showCarriedToasts, type Toast } from '../../stores/notices.ts';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { ToastList } from '../../ui/toast/toast.tsx';

export interface NoticesProps {
  placement?: 'top' | 'bottom';
  /** The user closed a toast. */
  onToastDismiss?: (toast: Toast) => void;
  /** The user answered a confirm. */
  onConfirmAnswer?: (id: number, confirmed: boolean) => void;
}

/**
 * The page's toasts and confirms from `src/stores/notices.ts`: toasts go by themselves (the
 * store's timer, 5 s by default) or by their close button; confirms are asked one at a time.
 */
export function Notices({ placement = 'top', onToastDismiss, onConfirmAnswer }: NoticesProps) {
  const toasts = useStore($toasts);
  const confirms = useStore($confirms);
  const current = confirms[0];
  // A message raised just before a reload ('Switch success') is shown now, once.
  useEffect(showCarriedToasts, []);
  const dismiss = (id: number) => {
    const closed = toasts.find((t) => t.id === id);
    dismissToast(id);
    if (closed) onToastDismiss?.(closed);
  };
  return (
    <>
      <ToastList toasts={toasts} placement={placement} onDismiss={dismiss} />
      {current && (
        <ConfirmDialog
          key={current.id}
          open
          title={current.title}
          message={current.message}
          confirmText={current.confirmText}
          cancelText={current.cancelText}
          onAnswer={(confirmed) => {
            current.resolve(confirmed);
            onConfirmAnswer?.(current.id, confirmed);
          }}
        />
      )}
    </>
  );
}
