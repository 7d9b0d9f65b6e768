import type { DraftList, DraftRow } from '../../contract/order-editor/schemas.ts';
import {
  createListStore,
  type ListStore,
  listAddressCodec,
  pageQuery,
  textParam,
} from '../../stores/list/index.ts';
import { fetchDrafts } from './api.ts';
import { setDraftCount } from '../../stores/draft-count.ts';

export interface DraftFilters {
  keyword: string;
}

export type DraftListStore = ListStore<DraftRow, DraftFilters, DraftList>;

/** The draft box's list: server-paged, last saved first, with a keyword; its total feeds the menu's badge. */
export function createDraftListStore(pageSize = 10): DraftListStore {
  return createListStore<DraftRow, DraftFilters, DraftList>({
    fetch: async (params, signal) => {
      const { start, limit, currentPage } = pageQuery(params);
      const keyword = params.filters.keyword.trim();
      const answer = await fetchDrafts(
        { start, limit, currentPage, ...(keyword ? { keyword } : {}) },
        signal,
      );
      if (!keyword) setDraftCount(answer.total);
      return answer;
    },
    filters: { keyword: '' },
    pageSize,
    rowId: (row) => String(row.id),
  });
}

/** The list in the page's address: `?keyword=…&page=2` (the box is always last saved first). */
export const DRAFT_LIST_ADDRESS = listAddressCodec<DraftFilters>(
  { keyword: textParam() },
  { filters: { keyword: '' }, sorts: [] },
);
