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
 *
 * @event {CustomEvent<{ id: number; order_no: string }>} lp-order-open - When the user opens an order (the portal then shows it in its own tab).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class LpOrderList extends ReactElement {
  static override properties = { noAddressSync: 'boolean' } as const;
  static override styles = orderListStyles;

  declare noAddressSync: boolean;
  #list: OrderListStore | null = null;

  /** The list (made on first render from the address, unless `no-address-sync`). */
  get list(): OrderListStore {
    this.#list ??= createOrderListStore(readAddress(this.noAddressSync ? '' : location.search));
    return this.#list;
  }

  protected render(): ReactNode {
    return createElement(OrderList, {
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
