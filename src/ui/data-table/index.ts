export {
  type ColumnDefaults,
  type ColumnSetting,
  type ColumnSettingsPersistence,
  defaultColumnSettings,
  memoryColumnSettings,
  moveColumn,
  resolveColumnSettings,
} from './column-settings.ts';
export { DataTable, type DataColumn, type DataTableProps } from './data-table.tsx';
export { dataTableStyles } from './data-table.styles.ts';
export type { TableSort, TableSource, TableSourceState } from './source.ts';
