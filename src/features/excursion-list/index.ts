export { CASE_LIST_PATH, casePath, openCase } from './case-links.ts';
export { ExcursionList, type ExcursionListProps } from './excursion-list.tsx';
export {
  CASE_LIST_ADDRESS,
  type CaseFilters,
  type CaseListStore,
  createCaseListStore,
  NO_CASE_FILTERS,
} from './excursion-list-store.ts';
