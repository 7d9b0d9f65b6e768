import type { TempClass } from '../../contract/orders/domain.ts';
import type { Station, StationKind, StationPlace } from '../../contract/stations/schemas.ts';
import { filterOptions, type IndexedOption, indexOptions } from '../../lib/pinyin-filter.ts';

/** What the visitor narrows the list by; `null` is "all". */
export interface StationFilters {
  keyword: string;
  provinceId: number | null;
  cityId: number | null;
  kind: StationKind | null;
  temp: TempClass | null;
}

export const NO_FILTERS: StationFilters = {
  keyword: '',
  provinceId: null,
  cityId: null,
  kind: null,
  temp: null,
};

/**
 * Indexes the stations once for the text filter: the names, places and addresses in both
 * languages and the phone number as text; the server's pinyin initials (name, district, city,
 * province) as initials (spec §5: text or pinyin initials, case-insensitive).
 */
export function indexStations(stations: readonly Station[]): IndexedOption<Station>[] {
  const text = (s: Station) =>
    [
      s.name,
      s.name_en,
      s.province.name,
      s.province.name_en,
      s.city.name,
      s.city.name_en,
      s.district?.name ?? '',
      s.district?.name_en ?? '',
      s.address,
      s.address_en,
      s.phone,
    ].join('\n');
  return indexOptions(stations, text, (s) => s.pinyin);
}

/** The stations that pass every filter, in the server's order (by place). */
export function filterStations(index: readonly IndexedOption<Station>[], filters: StationFilters): Station[] {
  return filterOptions(index, filters.keyword).filter(
    (s) =>
      (filters.provinceId === null || s.province.region_id === filters.provinceId) &&
      (filters.cityId === null || s.city.region_id === filters.cityId) &&
      (filters.kind === null || s.kind === filters.kind) &&
      (filters.temp === null || s.temp_classes.includes(filters.temp)),
  );
}

/** A city of the region tree with its province and its stations. */
export interface CityGroup {
  province: StationPlace;
  city: StationPlace;
  stations: Station[];
}

/** Groups stations (in place order) by city, keeping the order of first appearance. */
export function groupByCity(stations: readonly Station[]): CityGroup[] {
  const groups = new Map<number, CityGroup>();
  for (const s of stations) {
    let group = groups.get(s.city.region_id);
    if (!group) {
      group = { province: s.province, city: s.city, stations: [] };
      groups.set(s.city.region_id, group);
    }
    group.stations.push(s);
  }
  return [...groups.values()];
}

/** The provinces that have stations and, per province, its cities with stations (for the filters). */
export function placesOf(stations: readonly Station[]): {
  provinces: StationPlace[];
  cities: Map<number, StationPlace[]>;
} {
  const provinces = new Map<number, StationPlace>();
  const cities = new Map<number, StationPlace[]>();
  for (const s of stations) {
    if (!provinces.has(s.province.region_id)) {
      provinces.set(s.province.region_id, s.province);
      cities.set(s.province.region_id, []);
    }
    const list = cities.get(s.province.region_id)!;
    if (!list.some((c) => c.region_id === s.city.region_id)) list.push(s.city);
  }
  return { provinces: [...provinces.values()], cities };
}
