export {
  COLUMN_SETTINGS_LIST,
  type HospitalListProps,
  HospitalList,
  SEARCH_DEBOUNCE_MS,
} from './hospital-list.tsx';
export {
  createSiteListStore,
  NO_SITE_FILTERS,
  SITE_LIST_ADDRESS,
  type SiteFilters,
  type SiteListStore,
} from './hospital-list-store.ts';
export { placeText, projectPath } from './columns.tsx';
