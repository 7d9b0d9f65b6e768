import '../../i18n/areas/stations.ts';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { TEMP_CLASSES, type TempClass } from '../../contract/orders/domain.ts';
import { STATION_KINDS, type Station, type StationKind } from '../../contract/stations/schemas.ts';
import { $locale, type Locale, type MessageKey } from '../../i18n/translate.ts';
import { Button } from '../../ui/button/button.tsx';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { fetchStations } from './api.ts';
import { StationCard } from './station-card.tsx';
import {
  type CityGroup,
  filterStations,
  groupByCity,
  indexStations,
  NO_FILTERS,
  placesOf,
  type StationFilters,
} from './station-search.ts';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; stations: Station[] };

/** The list, loaded once per element; "Try again" after a failure loads it again. */
function useStations(): { loaded: Loaded; reload: () => void } {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads again
  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    fetchStations().then(
      (stations) => live && setLoaded({ status: 'ready', stations }),
      () => live && setLoaded({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return { loaded, reload: useCallback(() => setAttempt((n) => n + 1), []) };
}

const named = (locale: Locale, place: { name: string; name_en: string }) =>
  locale === 'en' && place.name_en ? place.name_en : place.name;

/** `江苏 · 苏州市`; a municipality's city alone (`上海市`, not `上海 · 上海市`). */
function groupTitle(locale: Locale, group: CityGroup): string {
  const city = named(locale, group.city);
  const province = named(locale, group.province);
  const same = locale === 'en' ? city === province : group.city.name.startsWith(group.province.name);
  return same ? city : `${province} · ${city}`;
}

/**
 * The provider's stations and depots, by city of the region tree: a search by name, place,
 * address or pinyin initials (spec §5), and filters by province, city (of the chosen province),
 * kind and temperature class. The number found is announced politely; each city is a heading and
 * each station a card under it, so the list works from 320 px, by keyboard and with a screen
 * reader.
 */
export function StationList() {
  const t = useT();
  const locale = useStore($locale);
  const { loaded, reload } = useStations();
  const [filters, setFilters] = useState<StationFilters>(NO_FILTERS);
  const ids = {
    keyword: useDomId('station-keyword'),
    province: useDomId('station-province'),
    city: useDomId('station-city'),
    kind: useDomId('station-kind'),
    temp: useDomId('station-temp'),
    count: useDomId('station-count'),
    hint: useDomId('station-hint'),
  };
  const stations = loaded.status === 'ready' ? loaded.stations : [];
  const index = useMemo(() => indexStations(stations), [stations]);
  const places = useMemo(() => placesOf(stations), [stations]);
  const found = useMemo(() => filterStations(index, filters), [index, filters]);
  const groups = useMemo(() => groupByCity(found), [found]);
  const cities = filters.provinceId === null ? [] : (places.cities.get(filters.provinceId) ?? []);
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const set = (change: Partial<StationFilters>) => setFilters((current) => ({ ...current, ...change }));
  const count = found.length === 1 ? t('stations.count.one') : t('stations.count.other', { n: found.length });

  return (
    <section className="station-list" part="base" aria-busy={loaded.status === 'loading'}>
      <search className="station-list__filters" aria-label={t('stations.filter.title')}>
        <div className="station-list__filter station-list__filter--wide">
          <label htmlFor={ids.keyword}>{t('stations.filter.keyword')}</label>
          <input
            id={ids.keyword}
            type="search"
            className="lp-input"
            value={filters.keyword}
            maxLength={100}
            autoComplete="off"
            aria-describedby={`${ids.hint} ${ids.count}`}
            onChange={(event) => set({ keyword: event.currentTarget.value })}
          />
          <span id={ids.hint} className="station-list__hint">
            {t('stations.filter.keywordHint')}
          </span>
        </div>
        <div className="station-list__filter">
          <label htmlFor={ids.province}>{t('stations.filter.province')}</label>
          <select
            id={ids.province}
            className="lp-input"
            value={filters.provinceId === null ? '' : String(filters.provinceId)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              set({ provinceId: value ? Number(value) : null, cityId: null });
            }}
          >
            <option value="">{t('stations.filter.any')}</option>
            {places.provinces.map((p) => (
              <option key={p.region_id} value={String(p.region_id)}>
                {named(locale, p)}
              </option>
            ))}
          </select>
        </div>
        <div className="station-list__filter">
          <label htmlFor={ids.city}>{t('stations.filter.city')}</label>
          <select
            id={ids.city}
            className="lp-input"
            disabled={cities.length === 0}
            value={filters.cityId === null ? '' : String(filters.cityId)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              set({ cityId: value ? Number(value) : null });
            }}
          >
            <option value="">{t('stations.filter.any')}</option>
            {cities.map((c) => (
              <option key={c.region_id} value={String(c.region_id)}>
                {named(locale, c)}
              </option>
            ))}
          </select>
        </div>
        <div className="station-list__filter">
          <label htmlFor={ids.kind}>{t('stations.filter.kind')}</label>
          <select
            id={ids.kind}
            className="lp-input"
            value={filters.kind ?? ''}
            onChange={(event) => set({ kind: (event.currentTarget.value || null) as StationKind | null })}
          >
            <option value="">{t('stations.filter.any')}</option>
            {STATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`stations.kind.${kind}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        <div className="station-list__filter">
          <label htmlFor={ids.temp}>{t('stations.filter.temp')}</label>
          <select
            id={ids.temp}
            className="lp-input"
            value={filters.temp ?? ''}
            onChange={(event) => set({ temp: (event.currentTarget.value || null) as TempClass | null })}
          >
            <option value="">{t('stations.filter.any')}</option>
            {TEMP_CLASSES.map((temp) => (
              <option key={temp} value={temp}>
                {t(`stations.temp.${temp}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
      </search>
      <div className="station-list__summary">
        <p id={ids.count} className="station-list__count" role="status">
          {loaded.status === 'ready' ? count : ''}
        </p>
        {filtered && (
          <Button size="sm" guardMs={0} onClick={() => setFilters(NO_FILTERS)}>
            {t('stations.filter.clear')}
          </Button>
        )}
      </div>
      {loaded.status === 'loading' && <p className="station-list__muted">{t('stations.loading')}</p>}
      {loaded.status === 'failed' && <ErrorState message={t('stations.failed')} onRetry={reload} />}
      {loaded.status === 'ready' &&
        (groups.length === 0 ? (
          <EmptyState message={t(filtered ? 'stations.emptyFiltered' : 'stations.empty')} />
        ) : (
          groups.map((group) => (
            <section
              key={group.city.region_id}
              className="station-list__city"
              aria-labelledby={`station-city-${group.city.region_id}`}
            >
              <h2 id={`station-city-${group.city.region_id}`} className="station-list__city-title">
                {groupTitle(locale, group)}
              </h2>
              <ul className="station-list__cards">
                {group.stations.map((station) => (
                  <li key={station.st_id}>
                    <StationCard station={station} locale={locale} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        ))}
    </section>
  );
}
