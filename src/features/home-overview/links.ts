import type { StockAttention } from '../../contract/inventory/attention.ts';
import type { ExcursionLevel, GoodsType, OrderStatus } from '../../contract/orders/domain.ts';
import { editorPath } from '../../lib/order-drafts.ts';

/**
 * Where each number of the overview leads: the page to act on, with the filter whose total the
 * number is (src/contract/orders/overview.ts names them). The order list reads its filters from
 * the address (src/features/order-list/filters.ts), the documents page its tab (`?state=`), the
 * inventory pages their tab and attention (src/features/inventory-table/address.ts).
 */
export const ORDER_LIST_PATH = '/customer-order/index';
export const DOCUMENTS_PATH = '/customer-order/attachment';
export const DRAFT_BOX_PATH = '/customer-order/draft';
export const INVENTORY_PATH = '/customer-inventory/index-yp';
export const MATERIAL_INVENTORY_PATH = '/customer-inventory/index-material';
export { ORDER_CREATE_PATH } from '../../lib/order-drafts.ts';

/** The list of one status tab (`all`: the list as it opens). */
export const statusLink = (status: OrderStatus | 'all'): string =>
  status === 'all' ? ORDER_LIST_PATH : `${ORDER_LIST_PATH}?status=${status}`;

/** Unfinished orders with an excursion of `level`. */
export const excursionLink = (level: Exclude<ExcursionLevel, 'none'>): string =>
  `${ORDER_LIST_PATH}?status=not_finished&excursion=${level}`;

/** The temperature-excursion cases still open or under assessment (over budget ones first). */
export const EXCURSION_CASES_PATH = '/excursion/index';
export const activeCasesLink = (): string => `${EXCURSION_CASES_PATH}?state=active`;

/** Unfinished orders not yet delivered, due today or late. */
export const dueLink = (due: 'today' | 'late'): string => `${ORDER_LIST_PATH}?status=not_finished&due=${due}`;

/** Orders with a modification request answered in the last 14 days (every status). */
export const answeredModificationsLink = (): string => `${ORDER_LIST_PATH}?modification=answered`;

/** The documents page on the tab of orders whose documents are `missing` / `rejected`. */
export const documentsLink = (state: 'missing' | 'rejected'): string => `${DOCUMENTS_PATH}?state=${state}`;

/** The order's page (its approve action, its answered modification, its readings). */
export const orderLink = (id: number): string => `/customer-order/view/${id}`;

/** The order editor with this draft open, as the draft box opens it. */
export const draftLink = (id: number): string => editorPath({ draftId: id });

/**
 * The inventory page of a goods type (drugs and samples are tabs of one page, materials a page of
 * their own) showing only the stock `attention` counts (the stock lists' filter of that name).
 */
export function stockLink(attention: StockAttention, goodsType: GoodsType): string {
  if (goodsType === 3) return `${MATERIAL_INVENTORY_PATH}?attention=${attention}`;
  return `${INVENTORY_PATH}?${goodsType === 2 ? 'tab=samples&' : ''}attention=${attention}`;
}
