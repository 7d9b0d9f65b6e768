import { isMessageKey, type Locale, t } from '../../src/i18n/translate.ts';
import type { RouteMeta } from '../../src/contract/menu/schemas.ts';
import type { OrderStatus } from '../../src/stores/session.ts';

export const ORDER_CREATE_PATH = '/customer-order/create';

const orderTitles: Record<OrderStatus, 'route.orderCreate' | 'route.orderEdit' | 'route.orderCopy'> = {
  add: 'route.orderCreate',
  edit: 'route.orderEdit',
  copy: 'route.orderCopy',
};

/** A route title as shown: an i18n key is translated, any other text is shown as the server sent it. */
export function routeTitle(title: string, locale?: Locale): string {
  return isMessageKey(title) ? t(title, undefined, locale) : title;
}

/** A tab's title: the order-create tab reads New Order, Edit Order or Copy Order by the order mode (spec §2). */
export function viewTitle(path: string, meta: RouteMeta, orderStatus: OrderStatus): string {
  if (path === ORDER_CREATE_PATH) return t(orderTitles[orderStatus]);
  return routeTitle(meta.title);
}
