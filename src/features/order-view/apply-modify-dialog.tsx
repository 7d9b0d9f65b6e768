import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { OrderDetail } from '../../contract/orders/schemas.ts';
import { REASON_MAX } from '../../contract/orders/limits.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { formatStamp } from './format.ts';
import { type ApplyInfo, applyModify, loadApplyInfo } from './order-api.ts';
import { writeFailure } from './write-failure.ts';
import '../../i18n/areas/order-view.ts';

/** The fields a change request may name (contract: `changes` of apply-modify). */
export const CHANGE_FIELDS = ['deliver_by', 'to_contact', 'to_phone', 'to_address', 'remark'] as const;
type ChangeField = (typeof CHANGE_FIELDS)[number];

export interface ApplyModifyDialogProps {
  open: boolean;
  order: OrderDetail;
  onClose: () => void;
  onDone: () => void;
  onChanged: () => void;
}

/**
 * Asks the provider to change or cancel a confirmed order: the kind, the fields to change and
 * why. Shows the order's requests so far (`get-apply-info`) with the provider's answers; a
 * pending one means no new request can be sent.
 */
export function ApplyModifyDialog({ open, order, onClose, onDone, onChanged }: ApplyModifyDialogProps) {
  const t = useT();
  const [kind, setKind] = useState<'change' | 'cancel'>('change');
  const [changes, setChanges] = useState<Partial<Record<ChangeField, string>>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<ApplyInfo | null>(null);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setKind('change');
    setChanges({});
    setReason('');
    setErrors({});
    setInfo(null);
    let live = true;
    loadApplyInfo(order.id).then(
      (answer) => live && setInfo(answer),
      () => live && setInfo({ list: [] }),
    );
    return () => {
      live = false;
    };
  }, [open, order.id]);

  const pending = info?.list.find((m) => m.status === 'pending') ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || pending) return;
    const filled = Object.fromEntries(
      Object.entries(changes)
        .map(([key, value]) => [key, (value ?? '').trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    const found: Record<string, string> = {};
    if (kind === 'change' && Object.keys(filled).length === 0)
      found.changes = t('orderView.apply.needChange');
    if (!reason.trim()) found.reason = t('orderView.reasonRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await applyModify({
        id: order.id,
        kind,
        changes: kind === 'change' ? filled : {},
        reason: reason.trim(),
        version: order.version,
      });
      onDone();
    } catch (failure) {
      const what = writeFailure(failure);
      if (what.kind === 'changed') onChanged();
      else if (what.kind === 'invalid') setErrors({ reason: what.message, ...what.fields });
      else setErrors({ reason: what.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={t('orderView.apply.title')}
      onClose={onClose}
      width={560}
      footer={
        <>
          <Button guardMs={0} onClick={onClose}>
            {t('orderView.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            form="order-view-apply"
            guardMs={0}
            variant="primary"
            loading={busy}
            disabled={pending !== null}
          >
            {t('orderView.apply.submit')}
          </Button>
        </>
      }
    >
      <section className="order-view__apply-history" aria-label={t('orderView.apply.history')}>
        <h3 className="order-view__subtitle">{t('orderView.apply.history')}</h3>
        {info === null ? (
          <p aria-busy="true">{t('common.loading')}</p>
        ) : info.list.length === 0 ? (
          <p className="order-view__muted">{t('orderView.apply.none')}</p>
        ) : (
          <ul className="order-view__plain-list">
            {info.list.map((m) => (
              <li key={m.id} className="order-view__apply-item">
                <strong>
                  {t(m.kind === 'change' ? 'orderView.apply.kindChange' : 'orderView.apply.kindCancel')} ·{' '}
                  {t(`orderView.apply.state.${m.status}`)}
                </strong>{' '}
                <span className="order-view__muted">{formatStamp(m.requested_at)}</span>
                <div>{m.reason}</div>
                {Object.entries(m.changes).map(([key, value]) => (
                  <div key={key} className="order-view__muted">
                    {CHANGE_FIELDS.includes(key as ChangeField)
                      ? t(`orderView.apply.field.${key as ChangeField}`)
                      : key}
                    : {value}
                  </div>
                ))}
                <div>
                  {m.answer
                    ? t('orderView.apply.answer', { answer: m.answer })
                    : t('orderView.apply.noAnswer')}
                </div>
              </li>
            ))}
          </ul>
        )}
        {pending && (
          <p className="order-view__notice" role="status">
            {t('orderView.apply.pending')}
          </p>
        )}
      </section>
      {!pending && info !== null && (
        <form id="order-view-apply" onSubmit={submit} noValidate className="order-view__form">
          <fieldset className="order-view__fieldset">
            <legend>{t('orderView.apply.kind')}</legend>
            {(['change', 'cancel'] as const).map((value) => (
              <label key={value} className="order-view__radio">
                <input
                  type="radio"
                  name="kind"
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                />
                {t(value === 'change' ? 'orderView.apply.kindChange' : 'orderView.apply.kindCancel')}
              </label>
            ))}
          </fieldset>
          {kind === 'change' && (
            <fieldset className="order-view__fieldset">
              <legend>{t('orderView.apply.fields')}</legend>
              {errors.changes && (
                <p className="order-view__error" role="alert">
                  {errors.changes}
                </p>
              )}
              {CHANGE_FIELDS.map((name, index) => (
                <TextField
                  key={name}
                  name={name}
                  label={t(`orderView.apply.field.${name}`)}
                  type={name === 'deliver_by' ? 'date' : name === 'to_phone' ? 'tel' : 'text'}
                  value={changes[name]}
                  maxLength={500}
                  onChange={(value) => setChanges((now) => ({ ...now, [name]: value }))}
                  error={errors[`changes.${name}`]}
                  inputRef={index === 0 ? first : undefined}
                />
              ))}
            </fieldset>
          )}
          <TextAreaField
            name="reason"
            label={t('orderView.apply.reason')}
            value={reason}
            onChange={setReason}
            required
            maxLength={REASON_MAX}
            counter
            error={errors.reason}
          />
        </form>
      )}
    </Dialog>
  );
}
