import { type FormEvent, useRef, useState } from 'react';
import { REJECT_REASON_MAX } from '../../contract/order-attachments/limits.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/order-attachments.ts';

/**
 * Deleting a document of an order says why (EU GMP Annex 11 §9: a deletion of GMP-relevant data
 * documents its reason): the reason is required and kept in the order's history and trail.
 */
export function DeleteDialog({
  name,
  onDelete,
  onClose,
}: {
  name: string;
  /** Deletes with the reason given; resolves once done (a refusal is said by the page's notices). */
  onDelete: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) {
      setError(t('orderAttachments.deleteReasonRequired'));
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onDelete(reason.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={t('orderAttachments.deleteTitle')}
      onClose={onClose}
      initialFocus={field}
      footer={
        <>
          <Button guardMs={0} onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="oa-delete" variant="danger" guardMs={0} loading={busy}>
            {t('orderAttachments.deleteShort')}
          </Button>
        </>
      }
    >
      <form id="oa-delete" onSubmit={submit} noValidate>
        <p>{t('orderAttachments.deleteMessage', { name })}</p>
        <TextAreaField
          name="reason"
          label={t('orderAttachments.deleteReason')}
          value={reason}
          onChange={(value) => {
            setReason(value);
            if (error) setError('');
          }}
          required
          maxLength={REJECT_REASON_MAX}
          counter
          error={error || undefined}
          inputRef={field}
        />
      </form>
    </Dialog>
  );
}
