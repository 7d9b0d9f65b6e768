// biome-ignore-all lint/a11y/useSemanticElements: a virtualized grid positions its rows itself; <table> layout would fight it
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid is the one tab stop; rows are reached by aria-activedescendant
// biome-ignore-all lint/a11y/useKeyWithClickEvents: rows are operated with the grid's keyboard handler
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type UIEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { EmptyState } from '../states/empty-state.tsx';
import { useDomId } from '../use-id.ts';
import { visibleRange } from './visible-range.ts';

export interface TableColumn<T> {
  key: string;
  title: ReactNode;
  /** Width in px; columns without one share the rest. */
  width?: number;
  align?: 'start' | 'center' | 'end';
  /** Cell content (default: `String(row[key])`). */
  render?: (row: T, index: number) => ReactNode;
}

export interface TableProps<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** Accessible name of the table. */
  label: string;
  /**
   * Row height in px (fixed: that is what makes 10,000 rows cheap). Default: the header row's,
   * which is the `--lp-row-height` token of the page's size (40 at `default`).
   */
  rowHeight?: number;
  /** Height of the scrolling body in px. Default 400. */
  height?: number;
  /** Enter on the active row, or a double click. */
  onRowActivate?: (row: T, index: number) => void;
  /** Shown instead of rows when there are none. */
  empty?: ReactNode;
  className?: string;
}

/** The height of `row` (40 until measured), kept current when the page's size changes it. */
function useMeasuredHeight(row: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(40);
  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    const read = () => {
      if (el.offsetHeight > 0) setHeight(el.offsetHeight);
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [row]);
  return height;
}

/**
 * A data grid whose body renders only the rows in view (plus a few), so a list of 10,000 rows
 * costs the same as one of 30. Keyboard: the grid is one tab stop; ↑/↓, PageUp/PageDown and
 * Home/End move the active row (aria-activedescendant), Enter activates it.
 */
export function Table<T>({
  columns,
  rows,
  rowKey,
  label,
  rowHeight: fixedRowHeight,
  height = 400,
  onRowActivate,
  empty,
  className,
}: TableProps<T>) {
  const id = useDomId('lp-table');
  const scroller = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLDivElement>(null);
  const headerHeight = useMeasuredHeight(header);
  const rowHeight = fixedRowHeight ?? headerHeight;
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(-1);
  const bodyHeight = Math.max(0, height - headerHeight);
  const { start, end } = visibleRange(scrollTop, bodyHeight, rowHeight, rows.length);
  const template = columns.map((c) => (c.width ? `${c.width}px` : 'minmax(80px, 1fr)')).join(' ');
  const activeRow = active >= 0 && active < rows.length ? active : -1;

  useLayoutEffect(() => {
    if (active >= rows.length) setActive(rows.length - 1);
  }, [active, rows.length]);

  const reveal = (index: number) => {
    const el = scroller.current;
    if (!el) return;
    const top = index * rowHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + rowHeight > el.scrollTop + bodyHeight) el.scrollTop = top + rowHeight - bodyHeight;
    setScrollTop(el.scrollTop);
  };
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    reveal(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0) return;
    const page = Math.max(1, Math.floor(bodyHeight / rowHeight) - 1);
    const from = activeRow < 0 ? -1 : activeRow;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(from + 1);
        break;
      case 'ArrowUp':
        moveTo(from < 0 ? 0 : from - 1);
        break;
      case 'PageDown':
        moveTo(from + page);
        break;
      case 'PageUp':
        moveTo(from - page);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'Enter': {
        const row = rows[activeRow];
        if (row !== undefined && activeRow >= 0) onRowActivate?.(row, activeRow);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };
  // Render the new rows before this frame paints (scroll events run just before it), so fast
  // scrolling never shows an empty band.
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    flushSync(() => setScrollTop(top));
  };

  const cells = (render: (column: TableColumn<T>, index: number) => ReactNode) =>
    columns.map((column, index) => render(column, index));

  const visible: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    const row = rows[i] as T;
    visible.push(
      <div
        key={rowKey(row, i)}
        id={`${id}-row-${i}`}
        role="row"
        aria-rowindex={i + 2}
        aria-selected={i === activeRow}
        className="lp-table__row"
        data-active={i === activeRow || undefined}
        style={{
          transform: `translateY(${i * rowHeight}px)`,
          height: rowHeight,
          gridTemplateColumns: template,
        }}
        onClick={() => setActive(i)}
        onDoubleClick={() => onRowActivate?.(row, i)}
      >
        {cells((column, c) => (
          <div key={column.key} role="gridcell" aria-colindex={c + 1} className={cellClass(column)}>
            {column.render
              ? column.render(row, i)
              : String((row as Record<string, unknown>)[column.key] ?? '')}
          </div>
        ))}
      </div>,
    );
  }

  return (
    <div
      ref={scroller}
      className={['lp-table', className].filter(Boolean).join(' ')}
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      aria-activedescendant={activeRow >= 0 ? `${id}-row-${activeRow}` : undefined}
      tabIndex={0}
      style={{ height }}
      onKeyDown={onKeyDown}
      onScroll={onScroll}
    >
      <div role="rowgroup" className="lp-table__head">
        <div
          ref={header}
          role="row"
          aria-rowindex={1}
          className="lp-table__header-row"
          style={{ gridTemplateColumns: template }}
        >
          {cells((column, c) => (
            <div key={column.key} role="columnheader" aria-colindex={c + 1} className={cellClass(column)}>
              {column.title}
            </div>
          ))}
        </div>
      </div>
      {rows.length === 0 ? (
        <div className="lp-table__empty">{empty ?? <EmptyState />}</div>
      ) : (
        <div role="rowgroup" className="lp-table__body" style={{ height: rows.length * rowHeight }}>
          {visible}
        </div>
      )}
    </div>
  );
}

function cellClass(column: { align?: 'start' | 'center' | 'end' }): string {
  return column.align && column.align !== 'start'
    ? `lp-table__cell lp-table__cell--${column.align}`
    : 'lp-table__cell';
}
