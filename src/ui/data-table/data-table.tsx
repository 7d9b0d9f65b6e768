import { useStore } from '@nanostores/react';
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
import type { TableSort, TableSource } from './source.ts';
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
  /**
   * Stays in view when the table scrolls sideways (the order number): the leading columns that
   * are pinned, in the order shown (a pinned column the user moved after others scrolls as usual).
   */
  pin?: boolean;
  /** False: left off the row's card on a phone (a detail for the wide table). Default true. */
  card?: boolean;
  /**
   * The link this column renders opens the row (the order number): on a card the whole card is
   * that link's target, the card's one action. Other controls in the card stay above it.
   */
  opens?: boolean;
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
  /**
   * Why a row cannot be selected (its checkbox disabled, the reason its title and in its name),
   * or null: it can. Select-all leaves such rows out.
   */
  unselectable?: (row: Row) => string | null;
  /** Lets the user show, hide and reorder columns, saved through `persistence` under `list`. */
  columnSettings?: { list: string; persistence: ColumnSettingsPersistence };
  /** Page sizes offered under the table. Default 10, 20, 50, 100. */
  pageSizes?: readonly number[];
  /** Height after which the body scrolls under its sticky header. Default `70vh`. */
  maxHeight?: number | string;
  /**
   * In a box narrower than 600 px (a phone) each row shows as a card: its cells one under another,
   * each with its column's title, the pinned column (the order number) first and bold; columns
   * with `card: false` are left off, and a column that `opens` the row makes the card its link.
   */
  cards?: boolean;
  /** Shown when the list is empty (default: "No data"). */
  empty?: ReactNode;
  /** Page actions shown beside the selection count (bulk cancel, export…). */
  toolbar?: ReactNode;
  /** The source's total is a lower bound (the server stopped counting): the pager shows "n+". */
  totalAtLeast?: boolean;
  className?: string;
}

const DEFAULT_WIDTH = 140;
/** Placeholder rows while the first page loads (a first page is 10 rows by default). */
const SKELETON_ROWS = 20;
const SELECT_WIDTH = 44;
const PAGE_SIZES = [10, 20, 50, 100] as const;
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A header click: unsorted → ascending → descending → unsorted; another column starts ascending.
 * The rows come sorted from the server, so this is all the sorting the table does.
 */
function nextSort(current: TableSort | null, key: string): TableSort | null {
  if (current?.key !== key) return { key, desc: false };
  return current.desc ? null : { key, desc: true };
}

/**
 * The columns as shown: in the order of the settings (columns they do not name follow in their
 * own order), without those the settings hide.
 */
function shownColumns<Row>(
  columns: readonly DataColumn<Row>[],
  settings: readonly { key: string; visible: boolean }[],
): DataColumn<Row>[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const ordered = settings.flatMap((s) => byKey.get(s.key) ?? []);
  const rest = columns.filter((c) => !settings.some((s) => s.key === c.key));
  const hidden = new Set(settings.filter((s) => !s.visible).map((s) => s.key));
  return [...ordered, ...rest].filter((c) => !hidden.has(c.key));
}

/**
 * A server-paged list as a table: sortable headers (buttons with aria-sort; the sort goes to
 * the source, which asks the server), a checkbox column whose selection is kept by row id across
 * pages, loading / empty / failed states, column settings, pagination. The header stays at the
 * top while the body scrolls; a table wider than its box scrolls sideways inside the box only.
 * It adopts its own stylesheet into the root it renders in (shadow root or document).
 *
 * No table library: the server pages, sorts and filters, so what is left (the order and
 * visibility of the columns, the sort cycle of a header, the page's select-all) is a few lines
 * here (docs/decisions/order-kit.md).
 */
export function DataTable<Row>({
  source,
  columns,
  label,
  selectable = false,
  rowLabel,
  unselectable,
  columnSettings,
  pageSizes = PAGE_SIZES,
  maxHeight = '70vh',
  empty,
  toolbar,
  totalAtLeast = false,
  className,
  cards = false,
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

  const shown = useMemo(() => shownColumns(columns, settings.settings), [columns, settings.settings]);
  const sort = state.params.sort;
  const ids = state.rows.map((row) => source.rowId(row));
  const selectableRows = unselectable ? state.rows.filter((row) => !unselectable(row)) : state.rows;
  const pickable = selectableRows.map((row) => source.rowId(row));
  const pickedOnPage = pickable.filter((id) => selected.has(id)).length;
  const allOnPage = pickable.length > 0 && pickedOnPage === pickable.length;

  const width = (column: DataColumn<Row>) =>
    settings.settings.find((s) => s.key === column.key)?.width ?? column.width ?? DEFAULT_WIDTH;
  const tableWidth = shown.reduce((sum, column) => sum + width(column), selectable ? SELECT_WIDTH : 0);
  // the leading pinned columns and where each sticks (after the checkboxes and the pinned before it)
  const pinnedAt = new Map<string, number>();
  let pinLeft = selectable ? SELECT_WIDTH : 0;
  for (const column of shown) {
    if (!column.pin) break;
    pinnedAt.set(column.key, pinLeft);
    pinLeft += width(column);
  }
  const cellClass = (column: DataColumn<Row>) =>
    [
      'lp-data-table__cell',
      column.align && column.align !== 'start' ? `lp-data-table__cell--${column.align}` : '',
      pinnedAt.has(column.key) ? 'lp-data-table__cell--pinned' : '',
      column.card === false ? 'lp-data-table__cell--off-card' : '',
      column.opens ? 'lp-data-table__cell--opens' : '',
    ]
      .filter(Boolean)
      .join(' ');
  const cellStyle = (column: DataColumn<Row>) => {
    const left = pinnedAt.get(column.key);
    return left === undefined ? undefined : { left };
  };

  const busy = state.status === 'loading' || state.status === 'idle';
  const headerCell = (column: DataColumn<Row>) => {
    if (!column.sortable)
      return (
        <th key={column.key} scope="col" className={cellClass(column)} style={cellStyle(column)}>
          {column.title}
        </th>
      );
    const dir = sort?.key === column.key ? (sort.desc ? 'desc' : 'asc') : undefined;
    return (
      <th
        key={column.key}
        scope="col"
        className={cellClass(column)}
        style={cellStyle(column)}
        aria-sort={dir ? ARIA_SORT[dir] : 'none'}
      >
        <button
          type="button"
          className="lp-data-table__sort"
          onClick={() => source.setSort(nextSort(sort, column.key))}
        >
          <span>{column.title}</span>
          <span className="lp-data-table__sort-icon" data-dir={dir} aria-hidden="true" />
        </button>
      </th>
    );
  };

  const stateRow = (content: ReactNode) => (
    <tr className="lp-data-table__state-row">
      <td colSpan={shown.length + (selectable ? 1 : 0)}>
        <div className="lp-data-table__state">{content}</div>
      </td>
    </tr>
  );
  let body: ReactNode;
  if (state.status === 'failed') body = stateRow(<ErrorState onRetry={() => void source.retry()} />);
  else if (state.rows.length === 0 && busy)
    // Rows of the page's height, empty, until the first answer: the page below the table (the
    // pager) stands where it will stay, and nothing moves when the rows arrive.
    body = Array.from({ length: Math.min(state.params.pageSize, SKELETON_ROWS) }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows, all alike
      <tr key={index} className="lp-data-table__row lp-data-table__skeleton">
        {selectable && <td className="lp-data-table__select" />}
        {shown.map((column, at) => (
          <td key={column.key} className="lp-data-table__cell">
            {index === 0 && at === 0 ? (
              <span className="lp-visually-hidden lp-data-table__loading" role="status">
                {t('common.loading')}
              </span>
            ) : null}
            <span className="lp-data-table__bone" aria-hidden="true" />
          </td>
        ))}
      </tr>
    ));
  else if (state.rows.length === 0) body = stateRow(empty ?? <EmptyState />);
  else
    body = state.rows.map((row, index) => {
      const id = ids[index] as string;
      const on = selected.has(id);
      const refused = selectable ? (unselectable?.(row) ?? null) : null;
      const name = t('ui.dataTable.selectRow', { row: rowName(row) });
      return (
        <tr key={id} className="lp-data-table__row" data-selected={on || undefined}>
          {selectable && (
            <td className="lp-data-table__select">
              <input
                type="checkbox"
                aria-label={refused ? `${name} (${refused})` : name}
                title={refused ?? undefined}
                // (one picked before it was refused can still be let go)
                disabled={refused !== null && !on}
                checked={on}
                onChange={(event) => source.select([row], event.currentTarget.checked)}
              />
            </td>
          )}
          {shown.map((column) => (
            <td
              key={column.key}
              className={cellClass(column)}
              style={cellStyle(column)}
              data-label={cards ? column.title : undefined}
            >
              {column.render
                ? column.render(row)
                : String((row as Record<string, unknown>)[column.key] ?? '')}
            </td>
          ))}
        </tr>
      );
    });

  return (
    <div
      ref={box}
      className={['lp-data-table', cards ? 'lp-data-table--cards' : '', className].filter(Boolean).join(' ')}
    >
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
            {selectable && <col style={{ width: SELECT_WIDTH }} />}
            {shown.map((column) => (
              <col key={column.key} style={{ width: width(column) }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {selectable && (
                <th scope="col" className="lp-data-table__select">
                  <SelectAllCheckbox
                    label={t('ui.dataTable.selectAll')}
                    checked={allOnPage}
                    indeterminate={pickedOnPage > 0 && !allOnPage}
                    disabled={selectableRows.length === 0}
                    onChange={(on) => source.select(selectableRows, on)}
                  />
                </th>
              )}
              {shown.map(headerCell)}
            </tr>
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
