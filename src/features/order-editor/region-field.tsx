import { useEffect, useMemo, useState } from 'react';
import type { Region, RegionInfo } from '../../contract/master-data/schemas.ts';
import { $locale } from '../../i18n/translate.ts';
import { FormField } from '../../ui/form/form-field.tsx';
import { Select, type SelectOption } from '../../ui/select/select.tsx';
import { useT } from '../../ui/use-t.ts';
import { loadCities, loadDistricts, loadProvinces, regionInfo } from './editor-api.ts';
import type { FieldBits } from './field-props.ts';
import { useServerPinyinFilter } from './option-filter.ts';
import { useLoaded } from './use-async.ts';
import '../../i18n/areas/order-editor.ts';

const regionLabel = (r: Region) => ($locale.get() === 'en' && r.name_en ? r.name_en : r.name);

function useRegionOptions(regions: readonly Region[] | null, notServed: string) {
  const options = useMemo<SelectOption<number>[]>(
    () =>
      (regions ?? []).map((r) => ({
        value: r.region_id,
        label: r.served ? regionLabel(r) : `${regionLabel(r)} (${notServed})`,
        initials: r.pinyin,
      })),
    [regions, notServed],
  );
  return { options, filter: useServerPinyinFilter(options) };
}

/**
 * Province → city → district; the value is the district. A district set from outside (a picked
 * address) is found in the cascade by its path, and its served state is shown (an unserved one
 * is reported through `onInfo`, which the form's check refuses).
 */
export function RegionField({
  label,
  value,
  onChange,
  onInfo,
  field,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (districtId: number | null) => void;
  onInfo: (info: RegionInfo) => void;
  field: FieldBits;
}) {
  const t = useT();
  const [provinceId, setProvinceId] = useState<number | null>(null);
  const [cityId, setCityId] = useState<number | null>(null);
  const provinces = useLoaded('provinces', loadProvinces);
  const cities = useLoaded(provinceId ? String(provinceId) : null, () => loadCities(provinceId as number));
  const districts = useLoaded(cityId ? String(cityId) : null, () => loadDistricts(cityId as number));
  const info = useLoaded(value ? String(value) : null, () => regionInfo(value as number));

  useEffect(() => {
    if (info) onInfo(info);
  }, [info, onInfo]);

  // A region from outside (a picked address, a copied order): place the selects on its path. A
  // district fills all three; a city (older addresses name only the city) the first two, and the
  // form asks for the district.
  useEffect(() => {
    if (!info || !provinces || info.level < 2) return;
    const province = provinces.find((p) => p.name === info.path[0]);
    if (province && province.region_id !== provinceId) setProvinceId(province.region_id);
  }, [info, provinces, provinceId]);
  useEffect(() => {
    if (!info || !cities) return;
    const city =
      info.level === 2
        ? cities.find((c) => c.region_id === info.region_id)
        : cities.find((c) => c.name === info.path[1]);
    if (city && city.region_id !== cityId) setCityId(city.region_id);
  }, [info, cities, cityId]);

  const status = info && info.region_id === value ? info : null;
  const notServed = t('orderEditor.region.notServed');
  const p = useRegionOptions(provinces, notServed);
  const c = useRegionOptions(cities, notServed);
  const d = useRegionOptions(districts, notServed);
  return (
    <fieldset className="oe__region" data-name={field.name}>
      <legend className="oe__region-legend">
        <span className="lp-field__required" aria-hidden="true">
          *
        </span>
        {label}
      </legend>
      <div className="oe__region-row">
        <FormField label={t('orderEditor.field.province')}>
          {(control) => (
            <Select<number>
              {...control}
              options={p.options}
              filter={p.filter}
              value={provinceId}
              onChange={(id) => {
                setProvinceId(id);
                setCityId(null);
                onChange(null);
              }}
            />
          )}
        </FormField>
        <FormField label={t('orderEditor.field.city')}>
          {(control) => (
            <Select<number>
              {...control}
              options={c.options}
              filter={c.filter}
              value={cityId}
              disabled={!provinceId}
              onChange={(id) => {
                setCityId(id);
                onChange(null);
              }}
            />
          )}
        </FormField>
        <FormField label={t('orderEditor.field.district')} required error={field.error}>
          {(control) => (
            // The form focuses the district when the region is missing or refused.
            <div ref={field.inputRef} className="lp-field__control">
              <Select<number>
                {...control}
                options={d.options}
                filter={d.filter}
                value={value ?? null}
                disabled={!cityId}
                onBlur={field.onBlur}
                onChange={(id) => onChange(id)}
              />
            </div>
          )}
        </FormField>
      </div>
      {status && (
        <p className={status.served ? 'oe__served' : 'oe__unserved'} role="status">
          {status.served
            ? t('orderEditor.region.served', { path: status.path.join(' / ') })
            : `${status.path.join(' / ')}: ${t('orderEditor.region.notServed')}`}
        </p>
      )}
    </fieldset>
  );
}
