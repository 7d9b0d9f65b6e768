import { useMemo } from 'react';
import type { DtpKind, GoodsType, OrderType, TempClass } from '../../contract/orders/domain.ts';
import { SelectField } from '../../ui/form/select-field.tsx';
import type { SelectOption } from '../../ui/select/select.tsx';
import { useT } from '../../ui/use-t.ts';
import { type Allowed, type EditorForm, type Project, withProject } from './form-model.ts';
import type { FieldProps } from './field-props.ts';
import { useServerPinyinFilter } from './option-filter.ts';
import '../../i18n/areas/order-editor.ts';

/**
 * The project first: its configuration decides which order types, goods types, temperature
 * classes and DTP kinds the other selects offer (a project's only choice is taken at once).
 */
export function ProjectSection({
  form,
  onChange,
  projects,
  allowed,
  fieldProps,
}: {
  form: EditorForm;
  onChange: (form: EditorForm) => void;
  projects: readonly Project[];
  allowed: Allowed;
  fieldProps: FieldProps;
}) {
  const t = useT();
  const projectOptions = useMemo<SelectOption<number>[]>(
    () => projects.map((p) => ({ value: p.pr_id, label: `${p.protocol_no} ${p.name}`, initials: p.pinyin })),
    [projects],
  );
  const filter = useServerPinyinFilter(projectOptions);
  const none = !form.pr_id;
  const hint = none ? t('orderEditor.pickFirst') : undefined;
  const set = (patch: Partial<EditorForm>) => onChange({ ...form, ...patch });
  return (
    <fieldset className="oe__section">
      <legend className="oe__legend">{t('orderEditor.section.project')}</legend>
      <div className="oe__grid">
        <SelectField<number>
          {...fieldProps('pr_id')}
          label={t('orderEditor.field.project')}
          required
          options={projectOptions}
          filter={filter}
          value={form.pr_id ?? null}
          onChange={(id) => {
            const project = projects.find((p) => p.pr_id === id);
            if (project) onChange(withProject(form, project));
          }}
        />
        <SelectField<OrderType>
          {...fieldProps('order_type')}
          label={t('orderEditor.field.orderType')}
          required
          hint={hint}
          disabled={none}
          options={allowed.orderTypes.map((x) => ({ value: x, label: t(`orderEditor.type.${x}`) }))}
          value={form.order_type ?? null}
          onChange={(order_type) => set({ order_type })}
        />
        <SelectField<GoodsType>
          {...fieldProps('to_goodstype')}
          label={t('orderEditor.field.goodsType')}
          required
          hint={hint}
          disabled={none}
          options={allowed.goodsTypes.map((x) => ({ value: x, label: t(`orderEditor.goods.${x}`) }))}
          value={form.to_goodstype ?? null}
          onChange={(to_goodstype) => set({ to_goodstype })}
        />
        <SelectField<TempClass>
          {...fieldProps('temp_class')}
          label={t('orderEditor.field.tempClass')}
          required
          hint={hint}
          disabled={none}
          options={allowed.tempClasses.map((x) => ({ value: x, label: t(`orderEditor.temp.${x}`) }))}
          value={form.temp_class ?? null}
          onChange={(temp_class) => set({ temp_class })}
        />
        <SelectField<DtpKind>
          {...fieldProps('is_dtp')}
          label={t('orderEditor.field.dtp')}
          disabled={none || allowed.dtpKinds.length < 2}
          options={allowed.dtpKinds.map((x) => ({ value: x, label: t(`orderEditor.dtp.${x}`) }))}
          value={form.is_dtp ?? 0}
          onChange={(is_dtp) => set({ is_dtp })}
        />
      </div>
    </fieldset>
  );
}
