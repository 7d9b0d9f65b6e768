import type { CaseState } from '../../contract/excursions/domain.ts';
import {
  choiceParam,
  createListStore,
  idParam,
  type ListStore,
  listAddressCodec,
  pageQuery,
} from '../../stores/list/index.ts';
import { type CaseList, type CaseListQuery, type CaseRow, fetchCases } from './api.ts';

/** The states the list filters by: `active` is open and under assessment together. */
export const STATE_FILTERS = [
  'active',
  'open',
  'assessment',
  'decided',
  'closed',
] as const satisfies ReadonlyArray<CaseState | 'active'>;
/** Opened more than so many days ago (the contract's `CASE_AGES` but 0, which is "any"). */
export const AGE_FILTERS = ['1', '3', '7', '30'] as const;

/** The list's filters as the page holds them ('' and null: not set). */
export interface CaseFilters {
  pr_id: number | null;
  state: '' | (typeof STATE_FILTERS)[number];
  age: '' | (typeof AGE_FILTERS)[number];
}

export const NO_CASE_FILTERS: CaseFilters = { pr_id: null, state: '', age: '' };

export type CaseListStore = ListStore<CaseRow, CaseFilters, CaseList>;

/** The filters as the call takes them (what is not set is left out). */
export function queryOf(filters: CaseFilters): CaseListQuery {
  return {
    ...(filters.pr_id !== null ? { pr_id: filters.pr_id } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.age ? { older_than_days: Number(filters.age) } : {}),
  };
}

/** The case list: server paged, in the server's order (active first, over budget and high first, newest). */
export function createCaseListStore(pageSize = 20): CaseListStore {
  return createListStore<CaseRow, CaseFilters, CaseList>({
    fetch: (params, signal) => {
      const { start, limit } = pageQuery(params);
      return fetchCases({ ...queryOf(params.filters), start, limit }, signal);
    },
    filters: NO_CASE_FILTERS,
    pageSize,
    rowId: (row) => String(row.id),
  });
}

/** The list in the page's address (`?state=active&pr_id=3&age=7&page=2`): a link shows the same cases. */
export const CASE_LIST_ADDRESS = listAddressCodec<CaseFilters>(
  {
    pr_id: idParam(),
    state: choiceParam<CaseFilters['state']>(['', ...STATE_FILTERS]),
    age: choiceParam<CaseFilters['age']>(['', ...AGE_FILTERS]),
  },
  { filters: NO_CASE_FILTERS, pageSize: 20, sorts: [] },
);
