import { STOCK_ATTENTIONS, type StockAttention } from '../../contract/inventory/attention.ts';

export type InventoryTab = 'drugs' | 'samples' | 'stockouts';
export const INVENTORY_TABS: readonly InventoryTab[] = ['drugs', 'samples', 'stockouts'];

/**
 * What the address names of an inventory page (`?tab=samples&attention=low`): the tab of the
 * drug and sample page, and the stock needing a look (the home page's links, which count the
 * same lines). Null: not named. Values the page does not know are dropped.
 */
export interface StockAddress {
  tab: InventoryTab | null;
  attention: StockAttention | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export function readStockAddress(search: string): StockAddress {
  const q = new URLSearchParams(search);
  return {
    tab: oneOf(INVENTORY_TABS, q.get('tab')),
    attention: oneOf(STOCK_ATTENTIONS, q.get('attention')),
  };
}

/** Whether the address names anything of the page. */
export const namesStock = (address: StockAddress): boolean =>
  address.tab !== null || address.attention !== null;

/** The address of what a page shows (the first tab and no attention left out; `''` for neither). */
export function writeStockAddress(state: { tab: InventoryTab; attention: StockAttention | '' }): string {
  const q = new URLSearchParams();
  if (state.tab !== 'drugs') q.set('tab', state.tab);
  if (state.attention) q.set('attention', state.attention);
  const text = q.toString();
  return text ? `?${text}` : '';
}
