import { FormField } from '../../ui/form/form-field.tsx';
import { TextAreaField } from '../../ui/form/text-area-field.tsx';
import { useT } from '../../ui/use-t.ts';
import { ORDER_REMARK_MAX } from '../../contract/order-editor/schemas.ts';
import type { FieldProps } from './field-props.ts';
import type { EditorForm } from './form-model.ts';
import { isoToLocal, localToIso, zoneLabel } from './zoned-time.ts';
import '../../i18n/areas/order-editor.ts';

/** Wanted pickup and deliver-by, typed in the customer's time zone (shown beside them), and the remark. */
export function TimesSection({
  form,
  onChange,
  zone,
  fieldProps,
}: {
  form: EditorForm;
  onChange: (form: EditorForm) => void;
  zone: string;
  fieldProps: FieldProps;
}) {
  const t = useT();
  const zoneText = t('orderEditor.times.zone', { zone: zoneLabel(zone) });
  const moment = (path: 'pickup_at' | 'deliver_by', label: string, required: boolean) => {
    const field = fieldProps(path);
    return (
      <FormField label={label} required={required} error={field.error} hint={zoneText}>
        {(control) => (
          <input
            {...control}
            ref={field.inputRef}
            name={path}
            className="lp-input"
            type="datetime-local"
            value={isoToLocal(form[path], zone)}
            onChange={(event) => onChange({ ...form, [path]: localToIso(event.target.value, zone) })}
            onBlur={field.onBlur}
          />
        )}
      </FormField>
    );
  };
  const remark = fieldProps('remark');
  return (
    <fieldset className="oe__section">
      <legend className="oe__legend">{t('orderEditor.section.times')}</legend>
      <div className="oe__grid">
        {moment('pickup_at', t('orderEditor.field.pickup'), true)}
        {moment('deliver_by', t('orderEditor.field.deliverBy'), false)}
      </div>
      <TextAreaField
        {...remark}
        label={t('orderEditor.field.remark')}
        maxLength={ORDER_REMARK_MAX}
        counter
        value={form.remark}
        onChange={(value) => onChange({ ...form, remark: value })}
      />
    </fieldset>
  );
}
