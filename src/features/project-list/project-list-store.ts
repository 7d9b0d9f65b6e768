import type {
  ProjectList,
  ProjectListQuery,
  ProjectRow,
  ProjectSortKey,
} from '../../contract/master-data/schemas.ts';
import {
  createListStore,
  type ListStore,
  listAddressCodec,
  pageQuery,
  textParam,
} from '../../stores/list/index.ts';
import { fetchProjects } from './api.ts';

export interface ProjectFilters {
  keyword: string;
}

export type ProjectListStore = ListStore<ProjectRow, ProjectFilters, ProjectList>;

/** The columns the server sorts the list by. */
export const SORTABLE: readonly ProjectSortKey[] = [
  'protocol_no',
  'name',
  'phase',
  'sponsor',
  'site_count',
  'order_count',
  'created_at',
];

/** The project list: server paged and sorted (newest first until the user sorts), with a keyword. */
export function createProjectListStore(pageSize = 10): ProjectListStore {
  return createListStore<ProjectRow, ProjectFilters, ProjectList>({
    fetch: (params, signal) => {
      const { sort, ...page } = pageQuery(params);
      const keyword = params.filters.keyword.trim();
      const known = SORTABLE.find((key) => sort === key || sort === `-${key}`);
      return fetchProjects(
        {
          ...page,
          ...(keyword ? { keyword } : {}),
          ...(known && sort ? { sort: sort as NonNullable<ProjectListQuery['sort']> } : {}),
        },
        signal,
      );
    },
    filters: { keyword: '' },
    pageSize,
    rowId: (row) => String(row.pr_id),
  });
}

/** The list in the page's address: `?keyword=…&sort=-created_at&page=2`. */
export const PROJECT_LIST_ADDRESS = listAddressCodec<ProjectFilters>(
  { keyword: textParam() },
  { filters: { keyword: '' }, sorts: SORTABLE },
);
