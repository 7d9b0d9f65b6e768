import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $confirms, $toasts, dismissToast, showCarriedToasts } from '../src/stores/notices.ts';
import { ConfirmDialog, ToastList } from '../src/ui/index.ts';

/** The page's toasts and confirms (the host shows them; standalone pages use <lp-notices>). */
export function Notices() {
  const toasts = useStore($toasts);
  const confirms = useStore($confirms);
  const current = confirms[0];
  // A message raised just before a reload ('Switch success') is shown now, once.
  useEffect(showCarriedToasts, []);
  return (
    <>
      <ToastList toasts={toasts} onDismiss={dismissToast} />
      {current && (
        <ConfirmDialog
          open
          title={current.title}
          message={current.message}
          confirmText={current.confirmText}
          cancelText={current.cancelText}
          onAnswer={current.resolve}
        />
      )}
    </>
  );
}
