import '../../i18n/areas/inventory.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { smoothScrollTo } from '../../lib/scroll.ts';
import { savedScroll } from '../../stores/scroll.ts';
import { Button } from '../../ui/button/button.tsx';
import { Tabs } from '../../ui/tabs/tabs.tsx';
import { useT } from '../../ui/use-t.ts';
import type { StockAttention } from '../../contract/inventory/attention.ts';
import { INVENTORY_TABS, type InventoryTab, readStockAddress, type StockAddress } from './address.ts';
import type { StockKind } from './filters.ts';
import type { InventoryLists } from './inventory-lists.ts';
import { StockOuts } from './stock-outs.tsx';
import { StockPanel, type StockPanelProps } from './stock-panel.tsx';
import { useStockAddress } from './use-stock-address.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';

/** The portal's pages of the two inventory elements (the drug/sample page remembers its scroll position). */
export const INVENTORY_PATH = '/customer-inventory/index-yp';
export const MATERIAL_INVENTORY_PATH = '/customer-inventory/index-material';

export type { InventoryTab } from './address.ts';

export interface InventoryTableProps {
  /** `stock`: drugs, samples and stock-outs in tabs; `materials`: goods type 3 only. */
  kind: 'stock' | 'materials';
  lists: InventoryLists;
  /** The tab shown first (stock only) unless the page's address names one. */
  tab?: InventoryTab;
  /** The stock needing a look shown first (its tab's lines limited to it) unless the address names a tab or one. */
  attention?: StockAttention | null;
  onOrder?: StockPanelProps['onOrder'];
}

/**
 * Spec §2: back on the page, its remembered scroll position returns with a 500 ms smooth scroll
 * once the first rows are there.
 */
function useScrollRestore(ready: boolean, path: string): void {
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !ready) return;
    restored.current = true;
    const scroller = document.scrollingElement;
    if (!scroller || location.pathname !== path) return;
    const top = savedScroll(path);
    if (top > 0 && top > scroller.scrollTop + 1) void smoothScrollTo(scroller, top);
  }, [ready, path]);
}

const stockKindOf = (kind: InventoryTableProps['kind'], tab: InventoryTab): StockKind =>
  kind === 'materials' ? 'materials' : tab === 'samples' ? 'samples' : 'drugs';

/** What the page's address names when it opens (nothing in another page, an embed). */
const openedAddress = (path: string): StockAddress =>
  typeof location !== 'undefined' && location.pathname === path
    ? readStockAddress(location.search)
    : { tab: null, attention: null };

/**
 * The customer's inventory: drugs and samples (with stock-outs), or materials. At its page's
 * path, the address names the tab and the stock needing a look (`?tab=samples&attention=low`).
 */
export function InventoryTable({
  kind,
  lists,
  tab: firstTab = 'drugs',
  attention = null,
  onOrder,
}: InventoryTableProps) {
  const t = useT();
  const path = kind === 'materials' ? MATERIAL_INVENTORY_PATH : INVENTORY_PATH;
  const root = useRef<HTMLElement>(null);
  const [opened] = useState(() => {
    const address = openedAddress(path);
    return address.tab || address.attention ? address : { tab: null, attention };
  });
  const [tab, setTab] = useState<InventoryTab>(kind === 'materials' ? 'drugs' : (opened.tab ?? firstTab));
  const stockKind = stockKindOf(kind, tab);
  // the link's attention is the list's of the tab it opened (each tab keeps its own filters)
  const openedKind = stockKindOf(kind, opened.tab ?? firstTab);
  const list = lists.stock(
    stockKind,
    opened.attention && stockKind === openedKind ? { attention: opened.attention } : undefined,
  );
  const state = useStore(list.$state);
  useScrollRestore(state.status === 'loaded', path);
  useStockAddress(
    root,
    path,
    { tab, attention: tab === 'stockouts' ? '' : state.params.filters.attention },
    (wanted) => {
      const next = kind === 'materials' ? 'drugs' : (wanted.tab ?? 'drugs');
      setTab(next);
      if (next !== 'stockouts')
        lists.stock(stockKindOf(kind, next)).setFilters({ attention: wanted.attention ?? '' });
    },
  );

  const refresh = () => {
    if (kind === 'stock' && tab === 'stockouts') void lists.stockOuts().reload();
    else void list.reload();
  };

  const panel =
    kind === 'stock' && tab === 'stockouts' ? (
      <StockOuts list={lists.stockOuts()} />
    ) : (
      <StockPanel key={stockKind} kind={stockKind} list={list} onOrder={onOrder} />
    );

  return (
    <section ref={root} className="inventory" part="base" aria-labelledby="inventory-title">
      <PageHeader
        titleId="inventory-title"
        title={t(kind === 'materials' ? 'inventory.title.materials' : 'inventory.title.stock')}
        intro={t('inventory.intro')}
      >
        <Button size="sm" guardMs={0} onClick={refresh}>
          {t('inventory.refresh')}
        </Button>
      </PageHeader>
      {kind === 'materials' ? (
        panel
      ) : (
        <Tabs<InventoryTab>
          items={INVENTORY_TABS.map((key) => ({ key, label: t(`inventory.tab.${key}`) }))}
          selected={tab}
          onSelect={setTab}
          label={t('inventory.tabs')}
        >
          {panel}
        </Tabs>
      )}
    </section>
  );
}
