import { type FormEvent, useEffect, useRef, useState } from 'react';
import { REASON_MAX } from '../../contract/orders/limits.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { writeFailure } from './write-failure.ts';
import '../../i18n/areas/order-view.ts';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  label: string;
  submitText: string;
  /** The reason must be given (cancel, reject). */
  required: boolean;
  danger?: boolean;
  /** Does the write; a rejection is shown in the dialog (or, for 409, handed to `onChanged`). */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
  /** The order changed meanwhile (409/404): the view says so and reloads it. */
  onChanged: () => void;
}

/**
 * A dialog asking why (cancel, approve, reject): one text, required or not, sent on submit. The
 * submit button has no click guard: it is busy while the call runs, and a refused empty reason
 * must not keep it inactive for the next try (the same in the other dialogs).
 */
export function ReasonDialog({
  open,
  title,
  label,
  submitText,
  required,
  danger,
  onSubmit,
  onClose,
  onChanged,
}: ReasonDialogProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (open) {
      setReason('');
      setError('');
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (required && !text) {
      setError(t('orderView.reasonRequired'));
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onSubmit(text);
    } catch (failure) {
      const what = writeFailure(failure);
      if (what.kind === 'changed') onChanged();
      else setError(what.kind === 'invalid' ? (what.fields.reason ?? what.message) : what.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      initialFocus={field}
      footer={
        <>
          <Button guardMs={0} onClick={onClose}>
            {t('orderView.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            form="order-view-reason"
            guardMs={0}
            variant={danger ? 'danger' : 'primary'}
            loading={busy}
          >
            {submitText}
          </Button>
        </>
      }
    >
      <form id="order-view-reason" onSubmit={submit} noValidate>
        <TextAreaField
          name="reason"
          label={label}
          value={reason}
          onChange={setReason}
          required={required}
          maxLength={REASON_MAX}
          counter
          error={error || undefined}
          inputRef={field}
        />
      </form>
    </Dialog>
  );
}
