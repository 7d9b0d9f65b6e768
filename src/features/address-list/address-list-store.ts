import {
  ADDRESS_SORTS,
  type Address,
  type AddressList,
  type AddressSort,
} from '../../contract/master-data/schemas.ts';
import {
  choiceParam,
  createListStore,
  type ListStore,
  listAddressCodec,
  pageQuery,
  textParam,
} from '../../stores/list/index.ts';
import { fetchAddresses } from './api.ts';

/** Which addresses the list shows: all, those usable as a start (pickup), or as a stop (delivery). */
export type AddressTab = 'all' | 'start' | 'stop';

export interface AddressFilters {
  keyword: string;
  kind: AddressTab;
}

export type AddressListStore = ListStore<Address, AddressFilters, AddressList>;

const isSort = (sort: string | undefined): sort is AddressSort =>
  sort !== undefined && (ADDRESS_SORTS as readonly string[]).includes(sort);

/** The address book: server paged, by tab and keyword, sorted by the server (last changed first). */
export function createAddressListStore(pageSize = 10): AddressListStore {
  return createListStore<Address, AddressFilters, AddressList>({
    fetch: (params, signal) => {
      const { start, limit, currentPage, sort } = pageQuery(params);
      const keyword = params.filters.keyword.trim();
      const kind = params.filters.kind;
      return fetchAddresses(
        {
          start,
          limit,
          currentPage,
          ...(keyword ? { keyword } : {}),
          ...(kind !== 'all' ? { kind } : {}),
          ...(isSort(sort) ? { sort } : {}),
        },
        signal,
      );
    },
    filters: { keyword: '', kind: 'all' },
    pageSize,
    rowId: (row) => String(row.ad_id),
  });
}

/** The list in the page's address: `?kind=stop&keyword=…&sort=company&page=2`. */
export const ADDRESS_LIST_ADDRESS = listAddressCodec<AddressFilters>(
  { keyword: textParam(), kind: choiceParam<AddressTab>(['all', 'start', 'stop']) },
  { filters: { keyword: '', kind: 'all' }, sorts: ADDRESS_SORTS.filter((s) => !s.startsWith('-')) },
);
