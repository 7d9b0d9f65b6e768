import { useMemo } from 'react';
import type { Address, Contact, ProjectSite, RegionInfo } from '../../contract/master-data/schemas.ts';
import { FormField } from '../../ui/form/form-field.tsx';
import { TextField } from '../../ui/form/text-field.tsx';
import { Select, type SelectOption } from '../../ui/select/select.tsx';
import { useT } from '../../ui/use-t.ts';
import type { FieldProps } from './field-props.ts';
import { addressFill, type EditorForm, type PartyFill, type Side, withParty } from './form-model.ts';
import { useServerPinyinFilter } from './option-filter.ts';
import { RegionField } from './region-field.tsx';
import '../../i18n/areas/order-editor.ts';

export interface PartySources {
  addresses: readonly Address[];
  sites: readonly ProjectSite[];
  contacts: readonly Contact[];
}

/** Every pick the side offers, keyed `a:<ad_id>`, `s:<ho_id>` or `c:<n>`, with what each fills in. */
function usePicks(sources: PartySources, group: (kind: 'address' | 'site' | 'contact') => string) {
  return useMemo(() => {
    const fills = new Map<string, PartyFill>();
    const options: SelectOption<string>[] = [];
    for (const a of sources.addresses) {
      const key = `a:${a.ad_id}`;
      fills.set(key, addressFill(a));
      options.push({
        value: key,
        label: `${group('address')} · ${a.company} · ${a.contact}`,
        initials: a.pinyin,
      });
    }
    for (const s of sources.sites) {
      const key = `s:${s.ho_id}`;
      fills.set(key, {
        company: [s.name, s.department].filter(Boolean).join(' '),
        contact: s.investigator,
        phone: s.phone,
        address: s.address,
        city_id: s.region_id,
        ad_id: null,
        ho_id: s.ho_id,
      });
      options.push({ value: key, label: `${group('site')} · ${s.site_no} ${s.name}`, initials: s.pinyin });
    }
    sources.contacts.forEach((c, i) => {
      const key = `c:${i}`;
      fills.set(key, { contact: c.contact, phone: c.phone, company: c.company });
      options.push({
        value: key,
        label: `${group('contact')} · ${c.contact} · ${c.company}`,
        initials: c.pinyin,
      });
    });
    return { fills, options };
  }, [sources, group]);
}

/** One side of the order (start or stop): a picker over the address book, the project's sites and contacts, then the fields. */
export function PartySection({
  side,
  form,
  onChange,
  sources,
  fieldProps,
  onRegionInfo,
}: {
  side: Side;
  form: EditorForm;
  onChange: (form: EditorForm) => void;
  sources: PartySources;
  fieldProps: FieldProps;
  onRegionInfo: (info: RegionInfo) => void;
}) {
  const t = useT();
  const group = useMemo(() => (kind: 'address' | 'site' | 'contact') => t(`orderEditor.picker.${kind}`), [t]);
  const { fills, options } = usePicks(sources, group);
  const filter = useServerPinyinFilter(options);
  const text = (key: 'company' | 'contact' | 'phone' | 'address', label: string, type?: 'tel') => {
    const path = `${side}_${key}` as const;
    return (
      <TextField
        {...fieldProps(path)}
        label={label}
        required
        type={type}
        autoComplete="off"
        value={form[path]}
        onChange={(value) => onChange({ ...form, [path]: value })}
      />
    );
  };
  return (
    <fieldset className="oe__section">
      <legend className="oe__legend">{t(`orderEditor.section.${side}`)}</legend>
      <FormField label={t('orderEditor.picker.label')} className="oe__picker">
        {(control) => (
          <Select<string>
            {...control}
            options={options}
            filter={filter}
            value={null}
            placeholder={t('orderEditor.picker.placeholder')}
            onChange={(key) => {
              const fill = fills.get(key);
              if (fill) onChange(withParty(form, side, fill));
            }}
          />
        )}
      </FormField>
      <div className="oe__grid">
        {text('company', t('orderEditor.field.company'))}
        {text('contact', t('orderEditor.field.contact'))}
        {text('phone', t('orderEditor.field.phone'), 'tel')}
      </div>
      <RegionField
        label={t('orderEditor.field.region')}
        value={form[`${side}_city_id`]}
        onChange={(id) => onChange({ ...form, [`${side}_city_id`]: id })}
        onInfo={onRegionInfo}
        field={fieldProps(`${side}_city_id`)}
      />
      <div className="oe__grid oe__grid--wide">{text('address', t('orderEditor.field.address'))}</div>
    </fieldset>
  );
}
