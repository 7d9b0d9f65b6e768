import '../../i18n/areas/inventory.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { smoothScrollTo } from '../../lib/scroll.ts';
import { savedScroll } from '../../stores/scroll.ts';
import { Button } from '../../ui/button/button.tsx';
import { Tabs } from '../../ui/tabs/tabs.tsx';
import { useT } from '../../ui/use-t.ts';
import type { InventoryLists } from './inventory-lists.ts';
import { StockOuts } from './stock-outs.tsx';
import { StockPanel, type StockPanelProps } from './stock-panel.tsx';

/** The portal's pages of the two inventory elements (the drug/sample page remembers its scroll position). */
export const INVENTORY_PATH = '/customer-inventory/index-yp';
export const MATERIAL_INVENTORY_PATH = '/customer-inventory/index-material';

export type InventoryTab = 'drugs' | 'samples' | 'stockouts';
const TABS: readonly InventoryTab[] = ['drugs', 'samples', 'stockouts'];

export interface InventoryTableProps {
  /** `stock`: drugs, samples and stock-outs in tabs; `materials`: goods type 3 only. */
  kind: 'stock' | 'materials';
  lists: InventoryLists;
  /** The tab shown first (stock only). */
  tab?: InventoryTab;
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

/** The customer's inventory: drugs and samples (with stock-outs), or materials. */
export function InventoryTable({ kind, lists, tab: firstTab = 'drugs', onOrder }: InventoryTableProps) {
  const t = useT();
  const [tab, setTab] = useState<InventoryTab>(firstTab);
  const stockKind = kind === 'materials' ? 'materials' : tab === 'samples' ? 'samples' : 'drugs';
  const list = lists.stock(stockKind);
  const state = useStore(list.$state);
  useScrollRestore(
    state.status === 'loaded',
    kind === 'materials' ? MATERIAL_INVENTORY_PATH : INVENTORY_PATH,
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
    <section className="inventory" part="base" aria-labelledby="inventory-title">
      <header className="inventory__header">
        <h1 id="inventory-title" className="inventory__title">
          {t(kind === 'materials' ? 'inventory.title.materials' : 'inventory.title.stock')}
        </h1>
        <Button size="sm" guardMs={0} onClick={refresh}>
          {t('inventory.refresh')}
        </Button>
      </header>
      <p className="inventory__intro">{t('inventory.intro')}</p>
      {kind === 'materials' ? (
        panel
      ) : (
        <Tabs<InventoryTab>
          items={TABS.map((key) => ({ key, label: t(`inventory.tab.${key}`) }))}
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
