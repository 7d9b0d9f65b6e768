import {
  EXCURSION_LEVELS,
  type ExcursionLevel,
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderStatus,
  type OrderType,
  TEMP_CLASSES,
  type TempClass,
} from '../../contract/orders/domain.ts';
import { LIST_LIMIT_MAX, ORDER_SORTS } from '../../contract/orders/limits.ts';
import { MODIFICATION_FILTERS, type ModificationFilter } from '../../contract/orders/modification-filter.ts';
import type { OrderListQuery } from '../../contract/orders/schemas.ts';
import type { ListParams, ListSort } from '../../stores/list/index.ts';
import { pageQuery } from '../../stores/list/index.ts';

export type StatusTab = 'all' | OrderStatus;
export const STATUS_TABS: readonly StatusTab[] = ['all', ...ORDER_STATUSES];

/** `any`: any excursion at all (low, medium or high). */
export type ExcursionFilter = 'any' | ExcursionLevel;
export const EXCURSION_FILTERS: readonly ExcursionFilter[] = ['any', ...EXCURSION_LEVELS];

/** Delivery: `today` (due today, China time) or `late` (due before now), not yet delivered. */
export type DueFilter = NonNullable<OrderListQuery['due']>;
export const DUE_FILTERS: readonly DueFilter[] = ['today', 'late'];

/** What the user chose above the table; `''` and null: no filter. */
export interface OrderFilters {
  status: StatusTab;
  keyword: string;
  pr_id: number | null;
  order_type: OrderType | '';
  temp_class: TempClass | '';
  excursion: ExcursionFilter | '';
  due: DueFilter | '';
  /** `answered`: a modification request answered in the last 14 days (the home page's link; a chip). */
  modification: ModificationFilter | '';
  /** `yyyy-mm-dd`, the day the order was created. */
  date_from: string;
  date_to: string;
}

export const NO_FILTERS: OrderFilters = {
  status: 'all',
  keyword: '',
  pr_id: null,
  order_type: '',
  temp_class: '',
  excursion: '',
  due: '',
  modification: '',
  date_from: '',
  date_to: '',
};

/** How many of the folding fields are set (not the status tab, the keyword or the home page's chip): the phone's "Filters (n)". */
export const foldedFilterCount = (filters: OrderFilters): number =>
  (['pr_id', 'order_type', 'temp_class', 'excursion', 'due', 'date_from', 'date_to'] as const).filter(
    (key) => filters[key] !== NO_FILTERS[key],
  ).length;

/** True when any filter but the status tab is set (the empty list then says "nothing matches"). */
export const hasFilters = (filters: OrderFilters): boolean =>
  filters.keyword.trim() !== '' ||
  filters.pr_id !== null ||
  filters.order_type !== '' ||
  filters.temp_class !== '' ||
  filters.excursion !== '' ||
  filters.due !== '' ||
  filters.modification !== '' ||
  filters.date_from !== '' ||
  filters.date_to !== '';

/** A range whose end is before its start: nothing could match, so it is said and not applied. */
export const datesInverted = (filters: Pick<OrderFilters, 'date_from' | 'date_to'>): boolean =>
  filters.date_from !== '' && filters.date_to !== '' && filters.date_from > filters.date_to;

/** The filters as the list call (and the export) takes them: unset ones left out. */
export function filterQuery(filters: OrderFilters): OrderListQuery {
  const query: OrderListQuery = {};
  if (filters.status !== 'all') query.status = filters.status;
  const keyword = filters.keyword.trim();
  if (keyword) query.keyword = keyword;
  if (filters.pr_id !== null) query.pr_id = filters.pr_id;
  if (filters.order_type) query.order_type = filters.order_type;
  if (filters.temp_class) query.temp_class = filters.temp_class;
  if (filters.excursion) query.excursion = filters.excursion;
  if (filters.due) query.due = filters.due;
  if (filters.modification) query.modification = filters.modification;
  if (!datesInverted(filters)) {
    if (filters.date_from) query.date_from = filters.date_from;
    if (filters.date_to) query.date_to = filters.date_to;
  }
  return query;
}

/** One page of the list as `customer-order/index` takes it. */
export function listQuery(params: ListParams<OrderFilters>): OrderListQuery {
  const { sort: _sort, ...page } = pageQuery(params);
  return { ...page, ...sortedQuery(params.sort), ...filterQuery(params.filters) };
}

type OrderSortValue = NonNullable<OrderListQuery['sort']>;

/** The sort as the list call takes it (only the columns the server sorts by; none: its default). */
export function sortedQuery(sort: ListSort | null): { sort?: OrderSortValue } {
  if (!sort || !(ORDER_SORTS as readonly string[]).includes(sort.key)) return {};
  return { sort: `${sort.desc ? '-' : ''}${sort.key}` as OrderSortValue };
}

/** What the address (query string) keeps of a list: its filters, page, page size and sort. */
export interface AddressState {
  filters: OrderFilters;
  page: number;
  pageSize: number;
  sort: ListSort | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const whole = (value: string | null, min: number, max: number): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
};

/**
 * Reads a list from the address (`?status=finished&keyword=LP2026&page=2`). Values the list does
 * not know are dropped, so a hand-edited or old link still opens a list.
 */
export function readAddress(search: string, pageSize = 10): AddressState {
  const q = new URLSearchParams(search);
  const keyword = (q.get('keyword') ?? '').slice(0, 100);
  const sortText = q.get('sort') ?? '';
  const sortKey = sortText.replace(/^-/, '');
  return {
    filters: {
      status: oneOf(STATUS_TABS, q.get('status')) ?? 'all',
      keyword,
      pr_id: whole(q.get('pr_id'), 1, 2_147_483_647) ?? null,
      order_type: oneOf(ORDER_TYPES, q.get('order_type')) ?? '',
      temp_class: oneOf(TEMP_CLASSES, q.get('temp_class')) ?? '',
      excursion: oneOf(EXCURSION_FILTERS, q.get('excursion')) ?? '',
      due: oneOf(DUE_FILTERS, q.get('due')) ?? '',
      modification: oneOf(MODIFICATION_FILTERS, q.get('modification')) ?? '',
      date_from: DAY.test(q.get('date_from') ?? '') ? (q.get('date_from') as string) : '',
      date_to: DAY.test(q.get('date_to') ?? '') ? (q.get('date_to') as string) : '',
    },
    page: whole(q.get('page'), 1, 1_000_000) ?? 1,
    pageSize: whole(q.get('limit'), 1, LIST_LIMIT_MAX) ?? pageSize,
    sort: oneOf(ORDER_SORTS, sortKey) ? { key: sortKey, desc: sortText.startsWith('-') } : null,
  };
}

/** The address of a list (`?status=finished&page=2`); defaults are left out (`''` for the first page of all). */
export function writeAddress(state: AddressState, defaultPageSize = 10): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(filterQuery(state.filters))) q.set(key, String(value));
  if (state.page > 1) q.set('page', String(state.page));
  if (state.pageSize !== defaultPageSize) q.set('limit', String(state.pageSize));
  if (state.sort) q.set('sort', `${state.sort.desc ? '-' : ''}${state.sort.key}`);
  const text = q.toString();
  return text ? `?${text}` : '';
}
