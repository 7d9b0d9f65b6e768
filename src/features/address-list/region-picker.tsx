import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Region } from '../../contract/master-data/schemas.ts';
import { $locale } from '../../i18n/translate.ts';
import { filterOptions, indexOptions } from '../../lib/pinyin-filter.ts';
import { FormField } from '../../ui/form/form-field.tsx';
import { Select, type SelectFilter, type SelectOption } from '../../ui/select/select.tsx';
import { useT } from '../../ui/use-t.ts';
import { loadCities, loadDistricts, loadProvinces, loadRegionInfo } from './api.ts';
import '../../i18n/areas/addresses.ts';

/** The regions `load` answers for `key` (null while loading, without a key, or after a failure). */
function useRegions(
  key: number | null,
  load: (key: number) => Promise<Region[]>,
  onFail: () => void,
): Region[] | null {
  const [state, setState] = useState<{ key: number; list: Region[] } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load(key).then(
      (list) => live && setState({ key, list }),
      () => live && onFail(),
    );
    return () => {
      live = false;
    };
  }, [key, load, onFail]);
  return state && state.key === key ? state.list : null;
}

/** Options of a region list, filtered by name or the server's pinyin initials. */
function useOptions(regions: Region[] | null) {
  const locale = useStore($locale);
  const options = useMemo<SelectOption<number>[]>(
    () =>
      (regions ?? []).map((r) => ({
        value: r.region_id,
        label: locale === 'en' && r.name_en ? r.name_en : r.name,
        initials: r.pinyin,
      })),
    [regions, locale],
  );
  const index = useMemo(
    () =>
      indexOptions(
        options,
        (o) => o.label,
        (o) => o.initials,
      ),
    [options],
  );
  const filter = useCallback<SelectFilter<number>>(
    (list, query) => (list === options ? filterOptions(index, query) : list),
    [index, options],
  );
  return { options, filter };
}

const loadProvinceList = () => loadProvinces();

export interface RegionPickerProps {
  /** The district chosen ('' or null: none yet). */
  value: number | string | null | undefined;
  onChange: (districtId: number | '') => void;
  onBlur: () => void;
  error: string | undefined;
  /** Receives the district's wrapper (the form focuses it when the region is missing). */
  inputRef: (element: HTMLElement | null) => void;
}

/**
 * Province → city → district over `common/provice`, `get-city` and `childcity`; the value is
 * the district. A district given from outside (editing an address) is placed in the cascade by
 * its path (`check-region-info`).
 */
export function RegionPicker({ value, onChange, onBlur, error, inputRef }: RegionPickerProps) {
  const t = useT();
  const [provinceId, setProvinceId] = useState<number | null>(null);
  const [cityId, setCityId] = useState<number | null>(null);
  const [path, setPath] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  const fail = useCallback(() => setFailed(true), []);
  const provinces = useRegions(0, loadProvinceList, fail);
  const cities = useRegions(provinceId, loadCities, fail);
  const districts = useRegions(cityId, loadDistricts, fail);
  const district = typeof value === 'number' ? value : value ? Number(value) : null;

  // An address being edited: find its province and city by the district's path, once.
  useEffect(() => {
    if (district === null || path !== null) return;
    let live = true;
    loadRegionInfo(district).then(
      (info) => live && setPath(info.path),
      () => live && fail(),
    );
    return () => {
      live = false;
    };
  }, [district, path, fail]);
  useEffect(() => {
    if (!path || !provinces || provinceId !== null) return;
    const province = provinces.find((p) => p.name === path[0]);
    if (province) setProvinceId(province.region_id);
  }, [path, provinces, provinceId]);
  useEffect(() => {
    if (!path || !cities || cityId !== null) return;
    const city = cities.find((c) => c.name === path[1]);
    if (city) setCityId(city.region_id);
  }, [path, cities, cityId]);

  const p = useOptions(provinces);
  const c = useOptions(cities);
  const d = useOptions(districts);
  return (
    <fieldset className="addr-region">
      <legend className="addr-region__legend">
        <span className="lp-field__required" aria-hidden="true">
          *
        </span>
        {t('addresses.form.region')}
      </legend>
      <div className="addr-region__row">
        <FormField label={t('addresses.form.province')}>
          {(control) => (
            <Select<number>
              {...control}
              options={p.options}
              filter={p.filter}
              value={provinceId}
              onChange={(id) => {
                setPath([]);
                setProvinceId(id);
                setCityId(null);
                onChange('');
              }}
            />
          )}
        </FormField>
        <FormField label={t('addresses.form.city')}>
          {(control) => (
            <Select<number>
              {...control}
              options={c.options}
              filter={c.filter}
              value={cityId}
              disabled={provinceId === null}
              onChange={(id) => {
                setPath([]);
                setCityId(id);
                onChange('');
              }}
            />
          )}
        </FormField>
        <FormField label={t('addresses.form.district')} required error={error}>
          {(control) => (
            <div ref={inputRef} className="lp-field__control">
              <Select<number>
                {...control}
                options={d.options}
                filter={d.filter}
                value={district}
                disabled={cityId === null}
                onBlur={onBlur}
                onChange={(id) => onChange(id)}
              />
            </div>
          )}
        </FormField>
      </div>
      {failed && (
        <p className="addr-error" role="alert">
          {t('addresses.form.regionsFailed')}
        </p>
      )}
    </fieldset>
  );
}
