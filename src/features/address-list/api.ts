import { call } from '../../api/transport.ts';
import { Code } from '../../contract/codes.ts';
import * as master from '../../contract/master-data/operations.ts';
import type {
  Address,
  AddressCreateRequest,
  AddressDeleteAnswer,
  AddressDeleteRequest,
  AddressList,
  AddressListQuery,
  AddressUpdateRequest,
  Region,
  RegionInfo,
} from '../../contract/master-data/schemas.ts';
import { addressBookChanged } from '../../stores/address-book.ts';

/**
 * The address book's calls. The form says its own failures (422 on the fields, 409 as the stale
 * view, 404 as "deleted meanwhile"); the rest show as notices. Every write that succeeds tells
 * the pickers (`addressBookChanged`).
 */

export const fetchAddresses = (query: AddressListQuery, signal?: AbortSignal): Promise<AddressList> =>
  call(master.customerAddress, query, signal ? { signal } : {});

const written = <T>(answer: T): T => {
  addressBookChanged();
  return answer;
};

export const createAddress = (input: AddressCreateRequest): Promise<Address> =>
  call(master.addressCreate, input, { silentCodes: [Code.invalid] }).then(written);

export const updateAddress = (input: AddressUpdateRequest): Promise<Address> =>
  call(master.addressUpdate, input, {
    silentCodes: [Code.invalid, Code.conflict, Code.notFound],
  }).then(written);

export const deleteAddress = (input: AddressDeleteRequest): Promise<AddressDeleteAnswer> =>
  call(master.addressDelete, input, { silentCodes: [Code.conflict, Code.notFound] }).then(written);

export const loadProvinces = (): Promise<Region[]> => call(master.provinces, {}, { quiet: true });
export const loadCities = (provinceId: number): Promise<Region[]> =>
  call(master.getCity, { province_id: provinceId }, { quiet: true });
export const loadDistricts = (cityId: number): Promise<Region[]> =>
  call(master.childCity, { parent_id: cityId }, { quiet: true });
export const loadRegionInfo = (regionId: number): Promise<RegionInfo> =>
  call(master.checkRegionInfo, { region_id: regionId }, { quiet: true });
