import type { ListParams, ListSort } from './list-store.ts';

/** The paging fields every list call of the spec takes (first page: start 0, limit 10, currentPage 1). */
export interface PageQuery {
  start: number;
  limit: number;
  currentPage: number;
  /** `field` ascending, `-field` descending; absent for the server's default order. */
  sort?: string;
}

/** `created_at` descending → `-created_at`. */
export function sortQuery(sort: ListSort | null): string | undefined {
  return sort ? `${sort.desc ? '-' : ''}${sort.key}` : undefined;
}

/** A list store's parameters as the server's paging fields (filters are the caller's to add). */
export function pageQuery(params: Pick<ListParams<unknown>, 'page' | 'pageSize' | 'sort'>): PageQuery {
  const query: PageQuery = {
    start: (params.page - 1) * params.pageSize,
    limit: params.pageSize,
    currentPage: params.page,
  };
  const sort = sortQuery(params.sort);
  if (sort) query.sort = sort;
  return query;
}
