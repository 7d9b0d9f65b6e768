import { createElement, type ReactNode } from 'react';
import {
  createOrderListStore,
  OrderList,
  type OrderListStore,
  readAddress,
} from '../../src/features/order-list/index.ts';
import { define } from '../kit/define.ts';
import { dispatch } from '../kit/events.ts';
import { ReactElement } from '../kit/react-element.ts';
import { orderListStyles } from './order-list.styles.ts';

/**
 * The customer's orders: status tabs with live counts (all, pending review, pending
 * confirmation, unfinished, completed, cancelled), a keyword search and filters (type,
 * temperature class, excursion, delivery due, creation dates; the home page's answered
 * modifications, `?modification=answered`, as a chip that removes it), a server-paged and
 * sorted table whose columns the user shows, hides and orders (kept per user and customer),
 * selection with bulk cancel and merge, export of the filtered list and print of the selected
 * orders. Opening an order opens its own tab. The list is kept in the address (query string), so a link or a reload shows it
 * again.
 *
 * @summary The order list with status tabs, filters and bulk actions.
 * @tag lp-order-list
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: `LP_CONFIG.apiBase`, else `/api`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 * @attr {boolean} no-address-sync - Do not read or write the list's filters in the address bar (an embed in another page).
 * @attr {'pending_approval' | 'pending_confirm' | 'not_finished' | 'finished' | 'cancelled'} status - The status tab shown first (default: all orders; the portal's address comes first).
 * @attr {'any' | 'low' | 'medium' | 'high'} excursion - Only orders with a temperature excursion (of that severity), as the home page's cold-chain counts (a chip removes the filter; the address comes first).
 * @attr {'today' | 'late'} due - Only orders not yet delivered that are due today, or late (a chip removes the filter; the address comes first).
 * @attr {'answered'} modification - Only orders with a modification request answered in the last 14 days, as the home page's action list (a chip removes the filter; the address comes first).
 *
 * @event {CustomEvent<{ id: number; order_no: string }>} lp-order-open - When the user opens an order (the portal then shows it in its own tab).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpOrderList extends ReactElement {
  static override properties = {
    noAddressSync: 'boolean',
    status: 'string',
    excursion: 'string',
    due: 'string',
    modification: 'string',
  } as const;
  static override styles = orderListStyles;

  declare noAddressSync: boolean;
  declare status: string | null;
  declare excursion: string | null;
  declare due: string | null;
  declare modification: string | null;
  #list: OrderListStore | null = null;
  #filters: string | undefined;
  #fromAddress = true;

  /** The filters the attributes name, as an address's query (values the list does not know are dropped by it). */
  #attributeQuery(): URLSearchParams {
    const query = new URLSearchParams();
    for (const name of ['status', 'excursion', 'due', 'modification'] as const) {
      const value = this[name];
      if (value) query.set(name, value);
    }
    return query;
  }

  /**
   * The list (made on first render): the attributes' filters, then the address's unless
   * `no-address-sync` (a filter the address names wins: a reload or a shared link shows what it
   * showed). Made again when a filter attribute changes, from the attributes alone.
   * @internal (tests and the host read it; not for pages)
   */
  get list(): OrderListStore {
    if (!this.#list) {
      const query = this.#attributeQuery();
      // shown: an element restored behind another page's tab would read that page's address
      if (!this.noAddressSync && this.#fromAddress && this.getClientRects().length > 0)
        for (const [name, value] of new URLSearchParams(location.search)) query.set(name, value);
      this.#list = createOrderListStore(readAddress(query.toString()));
    }
    return this.#list;
  }

  protected render(): ReactNode {
    // other filter attributes: the list starts again with them
    const filters = this.#attributeQuery().toString();
    if (this.#filters !== undefined && this.#filters !== filters) {
      this.#list = null;
      this.#fromAddress = false;
    }
    this.#filters = filters;
    return createElement(OrderList, {
      key: filters,
      list: this.list,
      syncAddress: !this.noAddressSync,
      onOpen: (order: { id: number; order_no: string }) => dispatch(this, 'lp-order-open', order),
    });
  }
}

define('lp-order-list', LpOrderList);

declare global {
  interface HTMLElementTagNameMap {
    'lp-order-list': LpOrderList;
  }
  interface GlobalEventHandlersEventMap {
    'lp-order-open': CustomEvent<{ id: number; order_no: string }>;
  }
}
