import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { AttentionList, AttentionState } from '../../contract/order-attachments/schemas.ts';
import { loadAttention } from './attachments-api.ts';
import { useShownAgain } from '../../ui/use-shown-again.ts';

export type Load =
  | { state: 'loading'; data: AttentionList | null }
  | { state: 'done'; data: AttentionList }
  | { state: 'failed'; data: AttentionList | null; message: string };

/** The order of the tabs; on first load the first one with orders is chosen. */
export const TAB_ORDER: readonly AttentionState[] = ['missing', 'rejected', 'pending'];

/** The tab an address names (`?state=rejected`: the home page's links), if any. */
export function addressTab(search: string): AttentionState | null {
  const wanted = new URLSearchParams(search).get('state');
  return TAB_ORDER.find((s) => s === wanted) ?? null;
}

/**
 * The landing page's data: the selected state's page of orders and the counts. Only the latest
 * request's answer counts; `reload()` keeps what is shown until the new answer arrives. With
 * `root` (the page's element), the page follows the address again each time it is shown again.
 */
export function useAttention(token: string, root?: RefObject<HTMLElement | null>) {
  // a link that names a state opens that tab; otherwise the first with orders is chosen
  const [named] = useState(() => (typeof location === 'undefined' ? null : addressTab(location.search)));
  const [tab, setTab] = useState<AttentionState>(named ?? 'missing');
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ state: 'loading', data: null });
  const [round, setRound] = useState(0);
  const chosen = useRef(named !== null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is how reload() asks for the same page again
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setLoad((before) => ({ state: 'loading', data: before.data }));
    loadAttention(tab, page, controller.signal).then(
      (data) => {
        if (!chosen.current) {
          chosen.current = true;
          const first = TAB_ORDER.find((s) => data.counts[s] > 0);
          if (first && first !== tab) {
            setTab(first);
            return;
          }
        }
        setLoad({ state: 'done', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : '';
        setLoad((before) => ({ state: 'failed', data: before.data, message }));
      },
    );
    return () => controller.abort();
  }, [token, tab, page, round]);

  const select = useCallback((next: AttentionState) => {
    chosen.current = true;
    setTab(next);
    setPage(1);
  }, []);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const tabNow = useRef(tab);
  tabNow.current = tab;
  useShownAgain(root, () => {
    // The portal keeps the page mounted behind its other tabs: shown again by a link that names a
    // state (the home page's counts), it opens that tab; otherwise it asks for the counts of now.
    const named = addressTab(location.search);
    if (named && named !== tabNow.current) select(named);
    else reload();
  });
  return { tab, select, page, setPage, load, reload };
}
