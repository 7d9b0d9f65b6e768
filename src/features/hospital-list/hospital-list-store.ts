import type { SiteList, SiteListQuery, SiteRow, SiteSort } from '../../contract/master-data/schemas.ts';
import {
  createListStore,
  idParam,
  type ListStore,
  listAddressCodec,
  pageQuery,
  textParam,
} from '../../stores/list/index.ts';
import { fetchSites } from './api.ts';

export interface SiteFilters {
  keyword: string;
  /** A project of the customer, or null for all. */
  pr_id: number | null;
  /** A province, or null for all. */
  province_id: number | null;
}

export type SiteListStore = ListStore<SiteRow, SiteFilters, SiteList>;

export const NO_SITE_FILTERS: SiteFilters = { keyword: '', pr_id: null, province_id: null };

/** The site list: server paged and sorted (by name unless the user picks a column), filtered. */
export function createSiteListStore(pageSize = 10): SiteListStore {
  return createListStore<SiteRow, SiteFilters, SiteList>({
    fetch: (params, signal) => {
      const { start, limit, currentPage, sort } = pageQuery(params);
      const { keyword, pr_id, province_id } = params.filters;
      const query: SiteListQuery = { start, limit, currentPage };
      if (sort) query.sort = sort as SiteSort;
      if (keyword.trim()) query.keyword = keyword.trim();
      if (pr_id !== null) query.pr_id = pr_id;
      if (province_id !== null) query.province_id = province_id;
      return fetchSites(query, signal);
    },
    filters: NO_SITE_FILTERS,
    pageSize,
    rowId: (row) => String(row.ho_id),
  });
}

/** The list in the page's address: `?keyword=…&pr_id=3&province_id=310000&sort=-name&page=2`. */
export const SITE_LIST_ADDRESS = listAddressCodec<SiteFilters>(
  { keyword: textParam(), pr_id: idParam(), province_id: idParam() },
  // the keys of SITE_SORTS (typed against it: a value import would bring the schemas along)
  {
    filters: NO_SITE_FILTERS,
    sorts: ['name', 'department', 'investigator', 'city', 'created_at'] satisfies SiteSort[],
  },
);
