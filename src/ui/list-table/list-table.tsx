import type { ReactNode } from 'react';

export interface ListColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** A class of the column's cells. */
  className?: (row: T) => string | undefined;
  /** The column's share of a wide table (`30%`); by default the table shares by content. */
  width?: string;
}

export interface ListTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowClassName?: string;
}

/**
 * A short list as a plain `<table>` (tens of rows whose cells wrap and hold buttons: the
 * virtualized `Table` is for long lists of one-line rows). Where the table's container is narrower
 * than 720 px each row becomes a card, every cell under its column's title (the title repeated in
 * an `aria-hidden` span: the header cells still name the cells for screen readers; a cell with
nothing in it is left out of its card). Styled by
 * `listTableStyles`, which an element that shows one puts in its styles.
 */
export function ListTable<T>({ label, columns, rows, rowKey, rowClassName }: ListTableProps<T>) {
  return (
    <div className="lp-list-table">
      <table className="lp-list-table__table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" style={c.width ? { width: c.width } : undefined}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName}>
              {columns.map((c) => (
                <td key={c.key} className={c.className?.(row)}>
                  <span className="lp-list-table__label" aria-hidden="true">
                    {c.title}
                  </span>
                  <div className="lp-list-table__value">{c.render(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The buttons of a row's actions cell, wrapping. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="lp-list-table__actions">{children}</div>;
}
