import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useLayoutEffect,
  useRef,
} from 'react';
import { useT } from '../use-t.ts';
import { useDomId } from '../use-id.ts';

export type DialogCloseReason = 'escape' | 'close-button';

export interface DialogProps {
  /** Controlled: the dialog is shown (modal, top layer) while true. */
  open: boolean;
  /** The user asked to close (Esc or the × button); the owner sets `open` to false. */
  onClose?: (reason: DialogCloseReason) => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** False: no × button and Esc does nothing (forced password change). Default true. */
  closable?: boolean;
  /** Width in px (default 480; never wider than the viewport). */
  width?: number;
  /** `alertdialog` for confirms. */
  role?: 'dialog' | 'alertdialog';
  /** Element focused when the dialog opens (default: the platform's choice, the first focusable). */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>`: `showModal()` puts it in the top layer and makes the
 * rest of the page inert, which is the focus trap; Esc closes it unless `closable` is false.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  closable = true,
  width = 480,
  role = 'dialog',
  initialFocus,
  className,
}: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useDomId('lp-dialog-title');
  const wanted = useRef(open);
  wanted.current = open;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);

  // React passes a nested dialog's cancel and close events up to this one's handlers (a
  // confirmation inside a dialog): they are that dialog's, not this one's.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    // The owner decides: Esc only asks to close.
    event.preventDefault();
    if (closable) onClose?.('escape');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // not for a key meant for a nested dialog (which may be closable)
    const own = (event.target as Element).closest('dialog') === event.currentTarget;
    if (event.key === 'Escape' && !closable && own) event.preventDefault();
  };
  const onNativeClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    // The platform may close a dialog without a cancelable event (repeated Esc without user
    // activation): put it back while the owner still wants it open.
    const dialog = ref.current;
    if (dialog && wanted.current && !dialog.open && dialog.isConnected) {
      if (closable) onClose?.('escape');
      else dialog.showModal();
    }
  };

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      className={['lp-dialog', className].filter(Boolean).join(' ')}
      style={{ width: `min(${width}px, calc(100vw - 32px))` }}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      onClose={onNativeClose}
    >
      <div className="lp-dialog__header">
        <h2 id={titleId} className="lp-dialog__title">
          {title}
        </h2>
        {closable && (
          <button
            type="button"
            className="lp-dialog__close"
            aria-label={t('common.close')}
            onClick={() => onClose?.('close-button')}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <div className="lp-dialog__body">{children}</div>
      {/* divs, not header/footer: inside a dialog those would be page-level landmarks (axe) */}
      {footer && <div className="lp-dialog__footer">{footer}</div>}
    </dialog>
  );
}
