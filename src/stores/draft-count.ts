import { atom, type ReadableAtom } from 'nanostores';
import { call } from '../api/transport.ts';
import { draftList } from '../contract/order-editor/operations.ts';
import { shared } from './registry.ts';

/**
 * How many drafts the draft box holds for the signed-in user in the current customer (null:
 * not known yet): the badge beside the menu's "Drafts". The draft box sets it from its list,
 * the editor's persistence refreshes it when it adds or drops a draft.
 */
const $count = shared('orderDrafts.count', () => atom<number | null>(null));
export const $draftCount: ReadableAtom<number | null> = $count;

export function setDraftCount(count: number | null): void {
  $count.set(count);
}

/** Asks the server for the count (one row); keeps the last count when that fails. */
export async function refreshDraftCount(): Promise<void> {
  try {
    const answer = await call(draftList, { start: 0, limit: 1 }, { quiet: true });
    $count.set(answer.total);
  } catch {
    // offline or signed out: the badge keeps what it showed
  }
}
