import { type FormEvent, useState } from 'react';
import { REMARK_MAX } from '../../contract/orders/limits.ts';
import type { Remark } from '../../contract/orders/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { formatStamp } from './format.ts';
import { addRemark } from './order-api.ts';
import { writeFailure } from './write-failure.ts';
import '../../i18n/areas/order-view.ts';

export interface RemarksSectionProps {
  orderId: number;
  remarks: readonly Remark[];
  canAdd: boolean;
  onAdded: (remark: Remark) => void;
  onChanged: () => void;
}

/** Remarks and feedback on the order, oldest first, and a form to add one. */
export function RemarksSection({ orderId, remarks, canAdd, onAdded, onChanged }: RemarksSectionProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<'remark' | 'feedback'>('remark');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) return setError(t('orderView.reasonRequired'));
    setBusy(true);
    setError('');
    try {
      const remark = await addRemark(orderId, text.trim(), kind);
      setText('');
      onAdded(remark);
    } catch (failure) {
      const what = writeFailure(failure);
      if (what.kind === 'changed') onChanged();
      else setError(what.kind === 'invalid' ? (what.fields.text ?? what.message) : what.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {remarks.length === 0 ? (
        <p className="order-view__muted">{t('orderView.remarks.empty')}</p>
      ) : (
        <ul className="order-view__plain-list">
          {remarks.map((r) => (
            <li key={r.id} className="order-view__remark">
              <div>
                <strong>{r.author || '—'}</strong>{' '}
                <span className="order-view__badge">
                  {t(
                    r.kind === 'feedback' ? 'orderView.remarks.kindFeedback' : 'orderView.remarks.kindRemark',
                  )}
                </span>{' '}
                <time className="order-view__muted" dateTime={r.at}>
                  {formatStamp(r.at)}
                </time>
              </div>
              <p className="order-view__remark-text">{r.text}</p>
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <form className="order-view__form order-view__remark-form" onSubmit={submit} noValidate>
          <h2 className="order-view__subtitle">{t('orderView.remarks.add')}</h2>
          <fieldset className="order-view__fieldset order-view__fieldset--inline">
            <legend>{t('orderView.remarks.kind')}</legend>
            {(['remark', 'feedback'] as const).map((value) => (
              <label key={value} className="order-view__radio">
                <input
                  type="radio"
                  name="remark-kind"
                  checked={kind === value}
                  onChange={() => setKind(value)}
                />
                {t(value === 'remark' ? 'orderView.remarks.kindRemark' : 'orderView.remarks.kindFeedback')}
              </label>
            ))}
          </fieldset>
          <TextAreaField
            name="text"
            label={t('orderView.remarks.text')}
            value={text}
            onChange={setText}
            required
            maxLength={REMARK_MAX}
            counter
            error={error || undefined}
          />
          <Button type="submit" variant="primary" loading={busy} guardMs={0}>
            {t('orderView.remarks.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
