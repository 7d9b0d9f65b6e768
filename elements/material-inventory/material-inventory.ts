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
 * The customer's materials (goods type 3: kits, tubes, boxes) in the provider's depots, in the
 * same table as the drug and sample inventory: by depot and batch, expiry marked, quantity
 * available and reserved, temperature class; search, filters, server paging and sorting, column
 * settings, a line's movements, export as .xlsx, and "order the selected lines". In the portal
 * its address may name the stock needing a look (`?attention=low|expiring`, the home page's links).
 *
 * @summary The material inventory with movements, export and ordering.
 * @tag lp-material-inventory
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @event {CustomEvent<{ path: string; in_ids: number[] }>} lp-inventory-order - When the user orders the selected lines (the portal then shows the order editor at `path`).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpMaterialInventory extends ReactElement {
  static override styles = inventoryStyles;

  #lists: InventoryLists | null = null;

  /**
   * The element's list (made on first render).
   * @internal (tests and the host read it; not for pages)
   */
  get lists(): InventoryLists {
    this.#lists ??= createInventoryLists();
    return this.#lists;
  }

  protected render(): ReactNode {
    return createElement(InventoryTable, {
      kind: 'materials',
      lists: this.lists,
      onOrder: (order: { path: string; in_ids: number[] }) => dispatch(this, 'lp-inventory-order', order),
    });
  }
}

define('lp-material-inventory', LpMaterialInventory);

declare global {
  interface HTMLElementTagNameMap {
    'lp-material-inventory': LpMaterialInventory;
  }
}
