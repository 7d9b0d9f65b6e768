import { useLayoutEffect, useRef } from 'react';
import { useT } from '../use-t.ts';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastListProps {
  toasts: readonly ToastItem[];
  /** The user closed a toast (its timer is the store's business). */
  onDismiss: (id: number) => void;
  /** Top centre (default) or bottom centre of the viewport. */
  placement?: 'top' | 'bottom';
}

const ICONS: Record<ToastKind, string> = { success: '✓', info: 'i', warning: '!', error: '×' };

/**
 * The toasts on screen, top or bottom centre, in the top layer (a manual popover) so no z-index of the
 * embedding page covers them. Errors and warnings are `role="alert"`, the rest `role="status"`.
 */
export function ToastList({ toasts, onDismiss, placement = 'top' }: ToastListProps) {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const region = ref.current;
    if (!region) return;
    const any = toasts.length > 0;
    const shown = region.matches(':popover-open');
    // re-showing moves it above dialogs opened since
    if (shown) region.hidePopover();
    if (any) region.showPopover();
  }, [toasts]);
  return (
    <section
      ref={ref}
      className={`lp-toasts lp-toasts--${placement} lp-root`}
      popover="manual"
      aria-label={t('ui.toast.region')}
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`lp-toast lp-toast--${toast.kind}`}
          role={toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status'}
          data-toast-id={toast.id}
        >
          <span className="lp-toast__icon" aria-hidden="true">
            {ICONS[toast.kind]}
          </span>
          <span className="lp-visually-hidden">{t(`ui.toast.${toast.kind}`)}: </span>
          <span className="lp-toast__message">{toast.message}</span>
          <button
            type="button"
            className="lp-toast__close"
            aria-label={t('common.close')}
            onClick={() => onDismiss(toast.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </section>
  );
}
