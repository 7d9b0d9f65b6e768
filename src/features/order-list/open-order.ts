import { navigate } from '../../stores/navigation.ts';
import { addView } from '../../stores/tabs.ts';

/** Where the list lives in the portal (its scroll position is remembered, spec §2). */
export const ORDER_LIST_PATH = '/customer-order/index';
export const orderPath = (id: number): string => `/customer-order/view/${id}`;
/** The order's print view (a waybill laid out for A4), with other orders' waybills after it, one per page. */
export const printPath = (id: number, others: readonly number[] = []): string =>
  `${orderPath(id)}?print=1${others.length ? `&with=${others.join(',')}` : ''}`;
export const DOWNLOAD_CENTER_PATH = '/customer-order/download';
export const ORDER_CREATE_PATH = '/customer-order/create';

/**
 * Opens an order in its own tab, titled with its number: the tab is added before the portal
 * navigates, so the tab strip keeps this title (several orders, several tabs).
 */
export function openOrder(order: { id: number; order_no: string }): void {
  const path = orderPath(order.id);
  addView({
    path,
    name: path,
    title: order.order_no,
    meta: { title: order.order_no, activeMenu: ORDER_LIST_PATH },
  });
  navigate(path);
}
