import type { StockAttention } from '../../contract/inventory/attention.ts';
import type { ExpiryState, StockListQuery } from '../../contract/inventory/schemas.ts';
import { SOON_EXPIRING_DAYS } from '../../contract/inventory/schemas.ts';
import type { TempClass } from '../../contract/orders/domain.ts';
import { pageQuery } from '../../stores/list/page-query.ts';
import type { ListParams } from '../../stores/list/list-store.ts';

/** What an inventory table lists: drugs and samples on `<lp-inventory-table>`, materials on `<lp-material-inventory>`. */
export type StockKind = 'drugs' | 'samples' | 'materials';

export interface StockFilters {
  keyword: string;
  depot: string;
  temp_class: TempClass | '';
  expiry_state: ExpiryState | '';
  /** The home page's low or expiring stock (shown as a removable chip, named in the address). */
  attention: StockAttention | '';
}

export const NO_FILTERS: StockFilters = {
  keyword: '',
  depot: '',
  temp_class: '',
  expiry_state: '',
  attention: '',
};

export const hasFilters = (f: StockFilters): boolean =>
  f.keyword.trim() !== '' ||
  f.depot !== '' ||
  f.temp_class !== '' ||
  f.expiry_state !== '' ||
  f.attention !== '';

/** The filters as the stock list calls take them (empty ones left out). */
export function filterQuery(f: StockFilters): Omit<StockListQuery, 'goods_type'> {
  return {
    ...(f.keyword.trim() ? { keyword: f.keyword.trim() } : {}),
    ...(f.depot ? { depot: f.depot } : {}),
    ...(f.temp_class ? { temp_class: f.temp_class } : {}),
    ...(f.expiry_state ? { expiry_state: f.expiry_state } : {}),
    ...(f.attention ? { attention: f.attention } : {}),
  };
}

/** A list store's parameters as a stock list call's query. */
export function listQuery(params: ListParams<StockFilters>): Omit<StockListQuery, 'goods_type'> {
  return { ...pageQuery(params), ...filterQuery(params.filters) };
}

const DAY_MS = 86_400_000;

/** Today in China (`yyyy-mm-dd`): expiry dates are calendar days there, as the server judges them. */
export const chinaDay = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);

/** Whether a line's expiry is past, within SOON_EXPIRING_DAYS, later, or absent (the server's rule). */
export function expiryStateOf(expiry: string | null, now: Date): ExpiryState | 'none' {
  if (!expiry) return 'none';
  const today = chinaDay(now);
  if (expiry < today) return 'expired';
  const soon = chinaDay(new Date(now.getTime() + SOON_EXPIRING_DAYS * DAY_MS));
  return expiry <= soon ? 'soon' : 'valid';
}
