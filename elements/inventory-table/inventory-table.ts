import { createElement, type ReactNode } from 'react';
import {
  createInventoryLists,
  type InventoryLists,
  InventoryTable,
  inventoryStyles,
} from '../../src/features/inventory-table/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';

/**
 * The customer's drugs and samples in the provider's depots (tabs over `stockslist-yp` and
 * `stockslist-yb`), one line per item, batch and depot: expiry (expired and soon expiring lines
 * are marked in words), quantity available and reserved, temperature class. Keyword search,
 * filters (depot, temperature class, expiry state), a server-paged and sorted table whose columns
 * the user shows, hides and orders (kept per user and customer); a line's movements in a dialog;
 * the stock-outs in a tab of their own; export of the filtered set as .xlsx; and "order the
 * selected lines", which opens the order editor with them (lines of one project, goods type,
 * temperature class and depot; otherwise the page says why). In the portal the page's scroll
 * position is remembered and restored with a 500 ms smooth scroll, and its address names the tab
 * and the stock needing a look (`/customer-inventory/index-yp?tab=samples&attention=low`, the home
 * page's links: `low` or `expiring`, shown as a chip that removes the filter).
 *
 * @summary The drug and sample inventory with movements, stock-outs, export and ordering.
 * @tag lp-inventory-table
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {'drugs' | 'samples' | 'stockouts'} tab - The tab shown first (default drugs; the portal's address, `?tab=`, comes first).
 * @attr {'low' | 'expiring'} attention - Only the lines needing a look, as the home page counts them: at or under their reorder level, or expiring within 30 days (a chip removes the filter; the portal's address comes first).
 *
 * @event {CustomEvent<{ path: string; in_ids: number[] }>} lp-inventory-order - When the user orders the selected lines (the portal then shows the order editor at `path`).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpInventoryTable extends ReactElement {
  static override properties = { tab: 'string', attention: 'string' } as const;
  static override styles = inventoryStyles;

  declare tab: string | null;
  declare attention: string | null;
  #lists: InventoryLists | null = null;
  #attention: string | null | undefined;

  /**
   * The element's lists (made on first render; each tab's when first shown).
   * @internal (tests and the host read it; not for pages)
   */
  get lists(): InventoryLists {
    this.#lists ??= createInventoryLists();
    return this.#lists;
  }

  protected render(): ReactNode {
    const tab = this.tab === 'samples' || this.tab === 'stockouts' ? this.tab : 'drugs';
    const attention = this.attention === 'low' || this.attention === 'expiring' ? this.attention : null;
    // another attention attribute: the lists start again with it
    if (this.#attention !== undefined && this.#attention !== attention) this.#lists = null;
    this.#attention = attention;
    return createElement(InventoryTable, {
      key: `${tab} ${attention}`,
      kind: 'stock',
      lists: this.lists,
      tab,
      attention,
      onOrder: (order: { path: string; in_ids: number[] }) => dispatch(this, 'lp-inventory-order', order),
    });
  }
}

define('lp-inventory-table', LpInventoryTable);

declare global {
  interface HTMLElementTagNameMap {
    'lp-inventory-table': LpInventoryTable;
  }
  interface GlobalEventHandlersEventMap {
    'lp-inventory-order': CustomEvent<{ path: string; in_ids: number[] }>;
  }
}
