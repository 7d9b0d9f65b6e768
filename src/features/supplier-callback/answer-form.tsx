import * as v from 'valibot';
import { fieldMessagesOf } from '../../api/errors.ts';
import { msg } from '../../contract/messages.ts';
import {
  SUPPLIER_DECISIONS,
  SUPPLIER_REASON_MAX,
  type SupplierDecision,
} from '../../contract/supplier/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { FormField } from '../../ui/form/form-field.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { useForm } from '../../ui/form/use-form.ts';
import { useT } from '../../ui/use-t.ts';
import { chinaInputNow, fromChinaInput } from '../../lib/china-time.ts';
import '../../i18n/areas/supplier.ts';

/**
 * The answer as typed: the proposed time is the `datetime-local` text (China time), checked here
 * as the server checks it (required for a proposal; a reason for a proposal or a refusal).
 */
const AnswerForm = v.pipe(
  v.object({
    decision: v.picklist(SUPPLIER_DECISIONS),
    proposed_at: v.string(),
    reason: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(SUPPLIER_REASON_MAX, msg('maxLength', { max: SUPPLIER_REASON_MAX })),
    ),
  }),
  v.forward(
    v.check((x) => x.decision !== 'propose' || fromChinaInput(x.proposed_at) !== '', msg('date')),
    ['proposed_at'],
  ),
  v.forward(
    v.check((x) => x.decision === 'confirm' || x.reason.length > 0, msg('required')),
    ['reason'],
  ),
);

export interface AnswerValues {
  decision: SupplierDecision;
  /** ISO with the China zone, for a proposal. */
  proposed_at?: string;
  reason: string;
}

export interface AnswerFormProps {
  /** Sends the answer; rejects with the call's failure (a 422's field messages show on the fields). */
  onSend: (answer: AnswerValues) => Promise<void>;
}

/** Confirm, propose another time (with a reason) or decline (with a reason): one answer per link. */
export function SupplierAnswerForm({ onSend }: AnswerFormProps) {
  const t = useT();
  const form = useForm({
    schema: AnswerForm,
    initial: { decision: 'confirm', proposed_at: '', reason: '' },
    onSubmit: async (values) => {
      try {
        await onSend({
          decision: values.decision,
          ...(values.decision === 'propose' ? { proposed_at: fromChinaInput(values.proposed_at) } : {}),
          reason: values.decision === 'confirm' ? '' : values.reason,
        });
      } catch (error) {
        const fields = fieldMessagesOf(error);
        if (Object.keys(fields).length > 0) form.showServerErrors(fields);
      }
    },
  });
  const decision = form.values.decision as SupplierDecision;
  const time = form.field('proposed_at');
  return (
    <form className="supplier__form" noValidate onSubmit={(e) => void form.submit(e)}>
      <fieldset className="supplier__choices">
        <legend className="supplier__legend">{t('supplier.form.legend')}</legend>
        {SUPPLIER_DECISIONS.map((choice) => (
          <label key={choice} className={`supplier__choice supplier__choice--${choice}`}>
            <input
              type="radio"
              name="decision"
              value={choice}
              checked={decision === choice}
              onChange={() => form.set('decision', choice)}
            />
            <span>{t(`supplier.form.${choice}`)}</span>
          </label>
        ))}
      </fieldset>
      {decision === 'propose' && (
        <FormField label={t('supplier.form.time')} required error={time.error}>
          {(control) => (
            <input
              {...control}
              ref={time.inputRef}
              className="lp-input"
              type="datetime-local"
              name="proposed_at"
              min={chinaInputNow()}
              value={time.value}
              onChange={(e) => time.onChange(e.target.value)}
              onBlur={time.onBlur}
            />
          )}
        </FormField>
      )}
      {decision !== 'confirm' && (
        <TextAreaField
          {...form.field('reason')}
          label={t('supplier.form.reason')}
          required
          hint={t('supplier.form.reasonHint')}
          maxLength={SUPPLIER_REASON_MAX}
          counter
          rows={3}
        />
      )}
      <p className="supplier__once">{t('supplier.form.once')}</p>
      <Button
        type="submit"
        variant={decision === 'decline' ? 'danger' : 'primary'}
        loading={form.submitting}
        className="supplier__send"
      >
        {form.submitting ? t('supplier.form.sending') : t(`supplier.form.send.${decision}`)}
      </Button>
    </form>
  );
}
