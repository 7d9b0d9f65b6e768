export { type OrderListProps, OrderList, COLUMN_SETTINGS_LIST } from './order-list.tsx';
export { createOrderListStore, type OrderListStore } from './order-list-store.ts';
export { readAddress } from './filters.ts';
export type { ProjectOption } from './filter-bar.tsx';
