import { useStore } from '@nanostores/react';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo, useRef } from 'react';
import '../../i18n/areas/data-table.ts';
import { Button } from '../button/button.tsx';
import { Pagination } from '../pagination/pagination.tsx';
import { EmptyState } from '../states/empty-state.tsx';
import { ErrorState } from '../states/error-state.tsx';
import { useDomId } from '../use-id.ts';
import { useT } from '../use-t.ts';
import type { ColumnSettingsPersistence } from './column-settings.ts';
import { ColumnSettingsPopover } from './column-settings-popover.tsx';
import { dataTableStyles } from './data-table.styles.ts';
import { SelectAllCheckbox } from './select-all-checkbox.tsx';
import type { TableSource } from './source.ts';
import { useColumnSettings } from './use-column-settings.ts';
import { useRootSheet } from './use-root-sheet.ts';

export interface DataColumn<Row> {
  /** Identity of the column; also the field the server sorts by. */
  key: string;
  /** Header text (also the column's name in the column settings). */
  title: string;
  /** Width in px (default 140). */
  width?: number;
  align?: 'start' | 'center' | 'end';
  /** The server can sort by it: the header becomes a button. */
  sortable?: boolean;
  /** False: always shown (the order number). Default true. */
  hideable?: boolean;
  /** Hidden until the user shows it in the column settings. */
  hidden?: boolean;
  /** Cell content (default: the row's field `key` as text). */
  render?: (row: Row) => ReactNode;
}

export interface DataTableProps<Row> {
  /** The list (a list store from src/stores/list). */
  source: TableSource<Row>;
  columns: readonly DataColumn<Row>[];
  /** Accessible name of the table. */
  label: string;
  /** Adds a checkbox column; the selection lives in the source (kept across pages). */
  selectable?: boolean;
  /** Names a row for its checkbox ("Select LP20260101000001"); default the row id. */
  rowLabel?: (row: Row) => string;
  /** Lets the user show, hide and reorder columns, saved through `persistence` under `list`. */
  columnSettings?: { list: string; persistence: ColumnSettingsPersistence };
  /** Page sizes offered under the table. Default 10, 20, 50, 100. */
  pageSizes?: readonly number[];
  /** Height after which the body scrolls under its sticky header. Default `70vh`. */
  maxHeight?: number | string;
  /** Shown when the list is empty (default: "No data"). */
  empty?: ReactNode;
  /** Page actions shown beside the selection count (bulk cancel, export…). */
  toolbar?: ReactNode;
  /** The source's total is a lower bound (the server stopped counting): the pager shows "n+". */
  totalAtLeast?: boolean;
  className?: string;
}

const SELECT = '__select';
const DEFAULT_WIDTH = 140;
const SELECT_WIDTH = 44;
const PAGE_SIZES = [10, 20, 50, 100] as const;
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const apply = <T,>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;

/**
 * A server-paged list as a table: sortable headers (buttons with aria-sort; the sort goes to
 * the source, which asks the server), a checkbox column whose selection is kept by row id across
 * pages, loading / empty / failed states, column settings, pagination. The header stays at the
 * top while the body scrolls; a table wider than its box scrolls sideways inside the box only.
 * It adopts its own stylesheet into the root it renders in (shadow root or document).
 */
export function DataTable<Row>({
  source,
  columns,
  label,
  selectable = false,
  rowLabel,
  columnSettings,
  pageSizes = PAGE_SIZES,
  maxHeight = '70vh',
  empty,
  toolbar,
  totalAtLeast = false,
  className,
}: DataTableProps<Row>) {
  const t = useT();
  const state = useStore(source.$state);
  const selected = useStore(source.$selected);
  const box = useRef<HTMLDivElement>(null);
  useRootSheet(box, dataTableStyles);
  const captionId = useDomId('lp-data-table');
  const settings = useColumnSettings(
    columns,
    columnSettings?.persistence,
    columnSettings?.list,
    state.customer,
  );
  const rowName = rowLabel ?? source.rowId;

  const defs = useMemo<ColumnDef<Row>[]>(() => {
    const data: ColumnDef<Row>[] = columns.map((column) => ({
      id: column.key,
      header: column.title,
      enableSorting: column.sortable === true,
      enableHiding: column.hideable !== false,
      // an accessor makes the column sortable in TanStack's eyes (the sorting itself is the server's)
      accessorFn: (row) => (row as Record<string, unknown>)[column.key],
      cell: ({ row, getValue }) => (column.render ? column.render(row.original) : String(getValue() ?? '')),
    }));
    return selectable ? [{ id: SELECT, enableSorting: false, enableHiding: false }, ...data] : data;
  }, [columns, selectable]);

  const sorting: SortingState = state.params.sort
    ? [{ id: state.params.sort.key, desc: state.params.sort.desc }]
    : [];
  const rowSelection = useMemo(() => {
    const picked: RowSelectionState = {};
    for (const row of state.rows) if (selected.has(source.rowId(row))) picked[source.rowId(row)] = true;
    return picked;
  }, [state.rows, selected, source]);

  const table = useReactTable<Row>({
    data: state.rows as Row[],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => source.rowId(row),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    sortDescFirst: false,
    enableRowSelection: selectable,
    rowCount: state.total,
    state: {
      sorting,
      rowSelection,
      pagination: { pageIndex: state.params.page - 1, pageSize: state.params.pageSize },
      columnVisibility: Object.fromEntries(settings.settings.map((s) => [s.key, s.visible])),
      columnOrder: [SELECT, ...settings.settings.map((s) => s.key)],
    },
    onSortingChange: (updater) => {
      const [first] = apply(updater, sorting);
      source.setSort(first ? { key: first.id, desc: first.desc } : null);
    },
    onRowSelectionChange: (updater) => {
      const next = apply(updater, rowSelection);
      const on: Row[] = [];
      const off: Row[] = [];
      for (const row of state.rows) {
        const id = source.rowId(row);
        if (next[id] && !rowSelection[id]) on.push(row);
        else if (!next[id] && rowSelection[id]) off.push(row);
      }
      if (on.length) source.select(on, true);
      if (off.length) source.select(off, false);
    },
  });

  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const visible = table.getVisibleLeafColumns();
  const width = (id: string) =>
    id === SELECT
      ? SELECT_WIDTH
      : (settings.settings.find((s) => s.key === id)?.width ?? byKey.get(id)?.width ?? DEFAULT_WIDTH);
  const tableWidth = visible.reduce((sum, column) => sum + width(column.id), 0);
  const align = (id: string) => {
    const a = byKey.get(id)?.align;
    return a && a !== 'start' ? ` lp-data-table__cell--${a}` : '';
  };

  const busy = state.status === 'loading' || state.status === 'idle';
  const headerCell = (header: Header<Row, unknown>) => {
    const column = header.column;
    if (column.id === SELECT)
      return (
        <th key={header.id} scope="col" className="lp-data-table__select">
          <SelectAllCheckbox
            label={t('ui.dataTable.selectAll')}
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            disabled={state.rows.length === 0}
            onChange={(on) => table.toggleAllPageRowsSelected(on)}
          />
        </th>
      );
    const title = byKey.get(column.id)?.title ?? column.id;
    if (!column.getCanSort())
      return (
        <th key={header.id} scope="col" className={`lp-data-table__cell${align(column.id)}`}>
          {title}
        </th>
      );
    const dir = column.getIsSorted();
    return (
      <th
        key={header.id}
        scope="col"
        className={`lp-data-table__cell${align(column.id)}`}
        aria-sort={dir ? ARIA_SORT[dir] : 'none'}
      >
        <button type="button" className="lp-data-table__sort" onClick={column.getToggleSortingHandler()}>
          <span>{title}</span>
          <span className="lp-data-table__sort-icon" data-dir={dir || undefined} aria-hidden="true" />
        </button>
      </th>
    );
  };

  const stateRow = (content: ReactNode) => (
    <tr className="lp-data-table__state-row">
      <td colSpan={visible.length}>
        <div className="lp-data-table__state">{content}</div>
      </td>
    </tr>
  );
  let body: ReactNode;
  if (state.status === 'failed') body = stateRow(<ErrorState onRetry={() => void source.retry()} />);
  else if (state.rows.length === 0 && busy)
    body = stateRow(
      <p className="lp-state lp-data-table__loading" role="status">
        {t('common.loading')}
      </p>,
    );
  else if (state.rows.length === 0) body = stateRow(empty ?? <EmptyState />);
  else
    body = table.getRowModel().rows.map((row) => (
      <tr key={row.id} className="lp-data-table__row" data-selected={row.getIsSelected() || undefined}>
        {row.getVisibleCells().map((cell) =>
          cell.column.id === SELECT ? (
            <td key={cell.id} className="lp-data-table__select">
              <input
                type="checkbox"
                aria-label={t('ui.dataTable.selectRow', { row: rowName(row.original) })}
                checked={row.getIsSelected()}
                onChange={row.getToggleSelectedHandler()}
              />
            </td>
          ) : (
            <td key={cell.id} className={`lp-data-table__cell${align(cell.column.id)}`}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          ),
        )}
      </tr>
    ));

  return (
    <div ref={box} className={['lp-data-table', className].filter(Boolean).join(' ')}>
      {(selectable || toolbar || columnSettings) && (
        <div className="lp-data-table__toolbar">
          {selectable && (
            <>
              <span className="lp-data-table__count" role="status">
                {selected.size > 0 ? t('ui.dataTable.selected', { count: selected.size }) : ''}
              </span>
              {selected.size > 0 && (
                <Button guardMs={0} size="sm" variant="text" onClick={() => source.clearSelection()}>
                  {t('ui.dataTable.clearSelection')}
                </Button>
              )}
            </>
          )}
          <div className="lp-data-table__actions">{toolbar}</div>
          {columnSettings && (
            <ColumnSettingsPopover
              columns={
                new Map(columns.map((c) => [c.key, { title: c.title, hideable: c.hideable !== false }]))
              }
              settings={settings.settings}
              onChange={settings.change}
              onReset={settings.reset}
              onClose={settings.commit}
            />
          )}
        </div>
      )}
      <section
        className="lp-data-table__scroll"
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
        tabIndex={0}
        style={{ maxHeight }}
      >
        <table
          className="lp-data-table__table"
          aria-busy={busy && state.rows.length > 0 ? true : undefined}
          style={{ width: tableWidth }}
        >
          <caption id={captionId} className="lp-visually-hidden">
            {label}
          </caption>
          <colgroup>
            {visible.map((column) => (
              <col key={column.id} style={{ width: width(column.id) }} />
            ))}
          </colgroup>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>{group.headers.map(headerCell)}</tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </table>
      </section>
      <Pagination
        className="lp-data-table__pagination"
        page={state.params.page}
        pageSize={state.params.pageSize}
        total={state.total}
        totalAtLeast={totalAtLeast}
        onChange={(page) => source.setPage(page)}
        pageSizes={pageSizes}
        onPageSizeChange={(size) => source.setPageSize(size)}
      />
    </div>
  );
}
