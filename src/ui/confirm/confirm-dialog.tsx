import { type ReactNode, useRef } from 'react';
import { Button } from '../button/button.tsx';
import { Dialog } from '../dialog/dialog.tsx';
import { useT } from '../use-t.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** true: confirmed; false: cancelled (button, Esc or ×). */
  onAnswer: (confirmed: boolean) => void;
  danger?: boolean;
  /** Asked along with the question (a choice: how long an old secret still holds). */
  children?: ReactNode;
}

/**
 * A yes/no question in a modal `alertdialog`. The confirm button has the focus, so Enter
 * confirms; Esc cancels.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmText,
  cancelText,
  onAnswer,
  danger,
  children,
}: ConfirmDialogProps) {
  const t = useT();
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={title}
      width={420}
      initialFocus={confirmRef}
      onClose={() => onAnswer(false)}
      footer={
        <>
          <Button guardMs={0} onClick={() => onAnswer(false)}>
            {cancelText || t('common.cancel')}
          </Button>
          <Button
            ref={confirmRef}
            guardMs={0}
            variant={danger ? 'danger' : 'primary'}
            onClick={() => onAnswer(true)}
          >
            {confirmText || t('common.ok')}
          </Button>
        </>
      }
    >
      <p className="lp-confirm__message">{message}</p>
      {children}
    </Dialog>
  );
}
