export {
  type AddressListProps,
  AddressList,
  COLUMN_SETTINGS_LIST,
  SEARCH_DEBOUNCE_MS,
} from './address-list.tsx';
export { ADDRESS_LIST_ADDRESS, createAddressListStore, type AddressListStore } from './address-list-store.ts';
import '../../i18n/areas/addresses.ts';
