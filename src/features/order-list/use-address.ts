import type { RefObject } from 'react';
import { applyListParams, type ListAddressCodec } from '../../stores/list/index.ts';
import { useListAddress } from '../../ui/use-list-address.ts';
import { readAddress, writeAddress, type OrderFilters } from './filters.ts';
import type { OrderListStore } from './order-list-store.ts';

/** The order list's address: its own reading (status tabs, days, the home page's filters). */
export const ORDER_LIST_ADDRESS: ListAddressCodec<OrderFilters> = {
  read: (search) => readAddress(search),
  write: (params) =>
    writeAddress({
      filters: params.filters,
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
    }),
};

/** Makes the list the one an address names (a link followed while the page stayed open). */
export function adoptAddress(list: OrderListStore, search: string): void {
  applyListParams(list, ORDER_LIST_ADDRESS.read(search));
}

/** Keeps the order list in the page's address (see useListAddress). */
export function useAddressSync(list: OrderListStore, enabled: boolean, root: RefObject<HTMLElement | null>) {
  useListAddress(list, ORDER_LIST_ADDRESS, enabled, root);
}
