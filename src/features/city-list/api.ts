import { call } from '../../api/transport.ts';
import {
  childCity,
  getCity,
  provinces,
  regionSearch,
  regionUsage,
} from '../../contract/master-data/operations.ts';
import type { Region, RegionMatch, RegionUsage } from '../../contract/master-data/schemas.ts';

/** `POST common/provice`: the provinces. */
export const fetchProvinces = (): Promise<Region[]> => call(provinces, {});

/** The regions below one: `get-city` for a province's cities, `childcity` for a city's districts. */
export const fetchChildren = (region: Pick<Region, 'region_id' | 'level'>): Promise<Region[]> =>
  region.level === 1
    ? call(getCity, { province_id: region.region_id })
    : call(childCity, { parent_id: region.region_id });

/** `POST common/region-search`: regions of any level by name or pinyin initials, with their ancestors. */
export const searchRegions = (keyword: string, signal?: AbortSignal): Promise<RegionMatch[]> =>
  call(regionSearch, { keyword }, signal ? { signal } : {});

/** `GET common/region-usage`: the customer's sites and addresses per region (quiet: a convenience). */
export const fetchUsage = (): Promise<RegionUsage[]> => call(regionUsage, {}, { quiet: true });
