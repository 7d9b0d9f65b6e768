import { call } from '../../api/transport.ts';
import { deleteDrafts, draftList } from '../../contract/order-editor/operations.ts';
import type { DraftList, DraftListQuery } from '../../contract/order-editor/schemas.ts';

/** `GET customer-order/draft-box-list`: one page of the user's drafts, last saved first. */
export const fetchDrafts = (query: DraftListQuery, signal?: AbortSignal): Promise<DraftList> =>
  call(draftList, query, signal ? { signal } : {});

/** `POST customer-order/delete-draft-box`: all of them or none. */
export const removeDrafts = (ids: readonly number[]): Promise<{ ids: number[] }> =>
  call(deleteDrafts, { ids: [...ids] });
