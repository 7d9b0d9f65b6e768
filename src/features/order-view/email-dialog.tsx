import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { type EmailView, loadEmailPreview, sendEmail } from './order-api.ts';
import { writeFailure } from './write-failure.ts';
import '../../i18n/areas/order-view.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The addresses typed: one per line or separated by commas, semicolons or spaces. */
export function parseAddresses(text: string): { valid: string[]; invalid: string[] } {
  const all = [...new Set(text.split(/[\s,;，；]+/).filter(Boolean))];
  return { valid: all.filter((a) => EMAIL.test(a)), invalid: all.filter((a) => !EMAIL.test(a)) };
}

export interface EmailDialogProps {
  open: boolean;
  orderId: number;
  onClose: () => void;
  onSent: () => void;
  onChanged: () => void;
}

/** Sends the order's (masked) summary to 1–10 addresses, with a preview of what goes out. */
export function EmailDialog({ open, orderId, onClose, onSent, onChanged }: EmailDialogProps) {
  const t = useT();
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<EmailView | 'loading' | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!open) return;
    setTo('');
    setNote('');
    setError('');
    setPreview(null);
  }, [open]);

  const showPreview = () => {
    setPreview('loading');
    loadEmailPreview(orderId).then(setPreview, () => setPreview(null));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { valid, invalid } = parseAddresses(to);
    if (invalid.length > 0) return setError(t('orderView.email.invalid', { list: invalid.join(', ') }));
    if (valid.length < 1 || valid.length > 10) return setError(t('orderView.email.count'));
    setBusy(true);
    setError('');
    try {
      await sendEmail(orderId, valid, note.trim());
      onSent();
    } catch (failure) {
      const what = writeFailure(failure);
      if (what.kind === 'changed') onChanged();
      else setError(what.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={t('orderView.email.title')}
      onClose={onClose}
      width={600}
      initialFocus={field}
      footer={
        <>
          <Button guardMs={0} onClick={showPreview} loading={preview === 'loading'}>
            {t('orderView.email.preview')}
          </Button>
          <Button guardMs={0} onClick={onClose}>
            {t('orderView.dialog.cancel')}
          </Button>
          <Button type="submit" form="order-view-email" variant="primary" loading={busy} guardMs={0}>
            {t('orderView.email.send')}
          </Button>
        </>
      }
    >
      <form id="order-view-email" onSubmit={submit} noValidate className="order-view__form">
        <TextAreaField
          name="to"
          label={t('orderView.email.to')}
          hint={t('orderView.email.toHint')}
          value={to}
          onChange={(value) => {
            setTo(value);
            // the message was about the addresses as they were: gone once they change
            setError('');
          }}
          required
          rows={2}
          error={error || undefined}
          inputRef={field}
        />
        <TextAreaField
          name="note"
          label={t('orderView.email.note')}
          value={note}
          onChange={setNote}
          maxLength={500}
          counter
          rows={2}
        />
      </form>
      {preview && preview !== 'loading' && (
        <section className="order-view__email-preview" aria-label={t('orderView.email.previewTitle')}>
          <h3 className="order-view__subtitle">{preview.subject}</h3>
          {/* The server's HTML (escaped, masked) as a page of its own: its CSP lets the email's
              inline styles apply, which this page's CSP would block in a srcdoc frame; sandboxed,
              without scripts or same origin. */}
          <iframe
            title={t('orderView.email.previewTitle')}
            sandbox=""
            src={preview.page_url}
            className="order-view__email-frame"
          />
        </section>
      )}
    </Dialog>
  );
}
