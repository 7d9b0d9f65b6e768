import type { Ref } from 'react';
import { REASON_MAX } from '../../contract/orders/limits.ts';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/order-editor.ts';

/**
 * The reason for a change to a submitted order, asked in the review step of an edit (EU GMP
 * Annex 11 §9: the reason is kept with the change in the order's history). An approved order
 * says that saving sends it back for approval.
 */
export function ChangeReason({
  value,
  onChange,
  error,
  approved,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  approved: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
}) {
  const t = useT();
  return (
    <div className="oe__review-block">
      {approved && <p className="oe__note">{t('orderEditor.reason.approved')}</p>}
      <TextAreaField
        name="reason"
        label={t('orderEditor.reason.label')}
        hint={t('orderEditor.reason.hint')}
        required
        maxLength={REASON_MAX}
        counter
        value={value}
        error={error}
        inputRef={inputRef}
        onChange={onChange}
      />
    </div>
  );
}
