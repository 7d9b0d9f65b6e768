import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ChangeableField } from '../../contract/orders/change-request.ts';
import type { OrderDetail } from '../../contract/orders/schemas.ts';
import {
  ADDRESS_MAX,
  CONTACT_MAX,
  ORDER_REMARK_MAX,
  PHONE_MAX,
} from '../../contract/order-editor/schemas.ts';
import { REASON_MAX } from '../../contract/orders/limits.ts';
import { $locale } from '../../i18n/translate.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { FormField } from '../../ui/form/form-field.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { AskedLines } from './asked-lines.tsx';
import { askedOf, type ChangeForm, changeStart, checkAsked } from './change-form.ts';
import { formatStamp } from './format.ts';
import { type ApplyInfo, applyModify, loadApplyInfo } from './order-api.ts';
import { writeFailure } from './write-failure.ts';
import '../../i18n/areas/order-view.ts';

export interface ApplyModifyDialogProps {
  open: boolean;
  order: OrderDetail;
  onClose: () => void;
  onDone: () => void;
  onChanged: () => void;
}

const MAX: Partial<Record<ChangeableField, number>> = {
  from_contact: CONTACT_MAX,
  from_phone: PHONE_MAX,
  to_contact: CONTACT_MAX,
  to_phone: PHONE_MAX,
  to_address: ADDRESS_MAX,
};

/**
 * Asks the provider to change or cancel a confirmed order: the kind, the fields to change and
 * why. Each field the order's progress still lets change starts from the order's value as the
 * view shows it (a masked or redacted one starts empty: asterisks are never sent back), and only
 * what the user changed is sent, checked first by the rules the server applies
 * (change-request.ts); the server's field messages land under the same fields (`changes.<field>`).
 * Shows the order's requests so far (`get-apply-info`), field by field, with the provider's
 * answers; a pending one means no new request can be sent.
 */
export function ApplyModifyDialog({ open, order, onClose, onDone, onChanged }: ApplyModifyDialogProps) {
  const t = useT();
  // the form starts from the order as it was when the dialog opened: the view follows an order in
  // progress (a new object every few seconds), which must not wipe what the user typed
  const [start] = useState(() => changeStart(order));
  const [kind, setKind] = useState<'change' | 'cancel'>('change');
  const [form, setForm] = useState<ChangeForm>(start.form);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<ApplyInfo | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [tries, setTries] = useState(0);

  useEffect(() => {
    if (!open) return;
    setKind('change');
    setForm(start.form);
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
  }, [open, order.id, start]);

  // after a refused try, the first field with a message has the focus
  useEffect(() => {
    if (tries > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [tries]);

  const pending = info?.list.find((m) => m.status === 'pending') ?? null;
  // what the order's progress settled, said once above the fields that are left
  const settled = [
    ...(start.fields.includes('pickup_at') ? [] : (['pickedUp'] as const)),
    ...(start.fields.includes('deliver_by') ? [] : (['delivered'] as const)),
  ];

  const refuse = (found: Record<string, string>) => {
    setErrors(found);
    setTries((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || pending) return;
    const asked = kind === 'change' ? askedOf(start, form) : {};
    const found: Record<string, string> = kind === 'change' ? checkAsked(start, asked, $locale.get()) : {};
    if (kind === 'change' && Object.keys(asked).length === 0) found.changes = t('orderView.apply.needChange');
    if (!reason.trim()) found.reason = t('orderView.reasonRequired');
    if (Object.keys(found).length > 0) return refuse(found);
    setErrors({});
    setBusy(true);
    try {
      await applyModify({
        id: order.id,
        kind,
        changes: asked,
        reason: reason.trim(),
        version: order.version,
      });
      onDone();
    } catch (failure) {
      const what = writeFailure(failure);
      if (what.kind === 'changed') onChanged();
      else if (what.kind === 'invalid' && Object.keys(what.fields).length > 0) refuse(what.fields);
      else refuse({ form: what.message });
    } finally {
      setBusy(false);
    }
  };

  const placed = new Set(['changes', 'reason', ...start.fields.map((f) => `changes.${f}`)]);
  const unplaced = Object.entries(errors).find(([key]) => !placed.has(key))?.[1];
  const field = (name: ChangeableField) => {
    const common = {
      name,
      label: t(`orderView.apply.field.${name}`),
      value: form[name],
      onChange: (value: string) => setForm((now) => ({ ...now, [name]: value })),
      error: errors[`changes.${name}`],
      ...(start.hidden.has(name) ? { hint: t('orderView.apply.hidden') } : {}),
    };
    if (name === 'remark')
      return <TextAreaField key={name} {...common} maxLength={ORDER_REMARK_MAX} counter />;
    if (name === 'pickup_at' || name === 'deliver_by')
      return (
        <FormField key={name} label={common.label} error={common.error} hint={t('common.chinaTime')}>
          {(control) => (
            <input
              {...control}
              name={name}
              className="lp-input"
              type="datetime-local"
              value={form[name]}
              onChange={(event) => common.onChange(event.target.value)}
            />
          )}
        </FormField>
      );
    return (
      <TextField
        key={name}
        {...common}
        type={name.endsWith('phone') ? 'tel' : 'text'}
        maxLength={MAX[name]}
      />
    );
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
                <AskedLines fields={m.fields} />
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
        <form ref={formRef} id="order-view-apply" onSubmit={submit} noValidate className="order-view__form">
          {unplaced && (
            <p className="order-view__error" role="alert">
              {unplaced}
            </p>
          )}
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
              {settled.map((side) => (
                <p key={side} className="order-view__muted">
                  {t(`orderView.apply.settled.${side}`)}
                </p>
              ))}
              {start.fields.map(field)}
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
