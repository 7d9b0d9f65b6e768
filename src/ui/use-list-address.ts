import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useRef } from 'react';
import {
  applyListParams,
  type ListAddressCodec,
  type ListAnswer,
  type ListStore,
} from '../stores/list/index.ts';
import { setPageQuery } from '../stores/navigation.ts';

/**
 * Keeps the list's filters, page, size and sort in the address bar (`replaceState`, no new
 * history entry) while the page is the one shown, so a reload or a copied link shows the same
 * list. The list's page is the address shown when the list is first seen: the portal may mount
 * it hidden behind another tab (its tab restored after a reload), and that page's address (an
 * order's `?print=1`) is not the list's to rewrite. The portal keeps the page mounted behind
 * other tabs and comes back to its bare path: when the element is shown again, an address that
 * names another list is followed, a bare one gets the list's query back and the list is asked
 * again (its rows and counts may have changed).
 */
export function useListAddress<R, F, A extends ListAnswer<R>>(
  list: ListStore<R, F, A>,
  codec: ListAddressCodec<F>,
  enabled: boolean,
  root: RefObject<HTMLElement | null>,
) {
  const state = useStore(list.$state);
  /** The list's own path, once it has been seen (null while it has only been hidden). */
  const path = useRef<string | null>(null);
  const { params } = state;

  const ours = () => codec.write(list.$state.get().params);
  const write = () => {
    if (enabled && path.current !== null) setPageQuery(path.current, ours());
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: written whenever the parameters change
  useEffect(write, [params, enabled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one observer for the element's life
  useEffect(() => {
    const el = root.current;
    if (!enabled || !el || typeof ResizeObserver === 'undefined') return;
    // Whether the list is shown is read in the observer's callbacks, after layout (not while the
    // page mounts, which would lay it out half-built). The first call comes once the list is laid
    // out in view: at once when it mounts shown, when its tab is shown when it mounted behind one.
    let shown = false;
    let observed = false;
    const observer = new ResizeObserver(() => {
      const now = el.getClientRects().length > 0;
      // the observer's first call comes right after the element mounted
      const mounting = !observed;
      observed = true;
      if (now && !shown) {
        const first = path.current === null;
        if (first) path.current = location.pathname;
        // mounted in view (its first answer may already be there when the observer first calls:
        // nothing to ask again), or its first answer still to come: its list is this address's
        if (first && (mounting || list.$state.get().status !== 'loaded')) write();
        else if (location.pathname !== path.current) {
          // another page's address: not the list's to follow or write
        } else if (location.search && location.search !== ours())
          applyListParams(list, codec.read(location.search));
        else {
          write();
          // back from another tab (an order cancelled there): the rows and counts of now
          void list.reload();
        }
      }
      shown = now;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
}

/**
 * The list an element starts with: the one the page's address names (a reload, a shared link),
 * when the element is shown. An element restored behind another page's tab (after a reload) reads
 * nothing here: the address is that page's; useListAddress takes the list's own address when its
 * tab is shown.
 */
export function startFromAddress<R, F, A extends ListAnswer<R>>(
  element: Element,
  list: ListStore<R, F, A>,
  codec: ListAddressCodec<F>,
): void {
  if (element.getClientRects().length > 0) applyListParams(list, codec.read(location.search));
}
