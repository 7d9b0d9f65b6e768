export { createInventoryLists, type InventoryLists } from './inventory-lists.ts';
export {
  INVENTORY_PATH,
  type InventoryTab,
  InventoryTable,
  type InventoryTableProps,
  MATERIAL_INVENTORY_PATH,
} from './inventory-table.tsx';
export { orderFromLines, STOCK_PARAM, stockIdsOf } from './handoff.ts';
export { inventoryStyles } from './inventory.styles.ts';
