/**
 * Strings of the data table (src/ui/data-table): a feature area, registered by the table itself
 * (`areas/data-table.ts`), so that pages without a table do not carry them.
 */
export const zh = {
  'ui.dataTable.selectAll': '选择本页全部行',
  'ui.dataTable.selectRow': '选择 {row}',
  'ui.dataTable.selected': '已选择 {count} 项',
  'ui.dataTable.clearSelection': '清空选择',
  'ui.dataTable.columns': '列设置',
  'ui.dataTable.columnsTitle': '显示和排列列',
  'ui.dataTable.moveUp': '上移 {column}',
  'ui.dataTable.moveDown': '下移 {column}',
  'ui.dataTable.resetColumns': '恢复默认',
} as const;

export const en: Record<keyof typeof zh, string> = {
  'ui.dataTable.selectAll': 'Select all rows on this page',
  'ui.dataTable.selectRow': 'Select {row}',
  'ui.dataTable.selected': '{count} selected',
  'ui.dataTable.clearSelection': 'Clear Selection',
  'ui.dataTable.columns': 'Columns',
  'ui.dataTable.columnsTitle': 'Show and Order Columns',
  'ui.dataTable.moveUp': 'Move {column} up',
  'ui.dataTable.moveDown': 'Move {column} down',
  'ui.dataTable.resetColumns': 'Reset Columns',
};
