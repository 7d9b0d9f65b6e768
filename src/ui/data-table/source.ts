import type { ReadableAtom } from 'nanostores';

/**
 * What the data table needs of its list: the shape of a list store (`createListStore` in
 * src/stores/list), written here because the UI kit does not import stores.
 */
export interface TableSort {
  key: string;
  desc: boolean;
}

export interface TableSourceState<Row> {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  params: { page: number; pageSize: number; sort: TableSort | null };
  rows: readonly Row[];
  total: number;
  error: unknown;
  customer: number | null;
}

export interface TableSource<Row> {
  readonly $state: ReadableAtom<TableSourceState<Row>>;
  readonly $selected: ReadableAtom<ReadonlyMap<string, Row>>;
  readonly rowId: (row: Row) => string;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  setSort(sort: TableSort | null): void;
  retry(): unknown;
  select(rows: readonly Row[], on: boolean): void;
  clearSelection(): void;
}
