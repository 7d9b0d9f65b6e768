import { type RefObject, useEffect, useRef } from 'react';
import { setPageQuery } from '../../stores/navigation.ts';
import { useShownAgain } from '../../ui/use-shown-again.ts';
import { namesStock, readStockAddress, type StockAddress, writeStockAddress } from './address.ts';
import type { InventoryTab } from './address.ts';
import type { StockFilters } from './filters.ts';

/** What a page shows that its address keeps. */
export interface Shown {
  tab: InventoryTab;
  attention: StockFilters['attention'];
}

/**
 * Keeps an inventory page's tab and attention in the address bar (`replaceState`) while the page
 * is shown at its own `path` (the portal's page; an embed in another page leaves the address
 * alone), so a reload or a copied link shows the same lines. The portal keeps the page mounted
 * behind its other tabs: shown again by a link that names a tab or attention (the home page's
 * counts), it calls `adopt` with what the link names; shown again at its bare path, it writes its
 * own state back.
 */
export function useStockAddress(
  root: RefObject<HTMLElement | null>,
  path: string,
  shown: Shown,
  adopt: (wanted: StockAddress) => void,
): void {
  const latest = useRef({ shown, adopt });
  latest.current = { shown, adopt };

  const write = () => {
    const el = root.current;
    if (!el || el.getClientRects().length === 0) return;
    setPageQuery(path, writeStockAddress(latest.current.shown));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: written whenever what is shown changes
  useEffect(write, [shown.tab, shown.attention]);

  useShownAgain(root, () => {
    const wanted = readStockAddress(location.search);
    if (location.pathname === path && namesStock(wanted)) latest.current.adopt(wanted);
    else write();
  });
}
