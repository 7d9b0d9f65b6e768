import { call } from '../../api/transport.ts';
import { upload, type UploadProgress } from '../../api/upload.ts';
import { Code } from '../../contract/codes.ts';
import * as inventory from '../../contract/inventory/operations.ts';
import type { AutoBox, InventoryLine } from '../../contract/inventory/schemas.ts';
import * as master from '../../contract/master-data/operations.ts';
import type {
  Address,
  Contact,
  ProjectSite,
  Region,
  RegionInfo,
} from '../../contract/master-data/schemas.ts';
import * as ops from '../../contract/order-editor/operations.ts';
import type {
  CreateOrderAnswer,
  CreateOrderRequest,
  EditorStart,
  EditorStartQuery,
  InventoryAddAnswer,
  InventoryAddRequest,
  PendingFileAnswer,
} from '../../contract/order-editor/schemas.ts';
import type { AttachmentKind, GoodsType, TempClass } from '../../contract/orders/domain.ts';

/**
 * The order editor's calls. Each is one operation of the contract; failures the form says itself
 * (404 and 409 on start, 409 and 422 on submit) are left to it, the rest show as notices.
 */

export const loadStart = (query: EditorStartQuery, signal?: AbortSignal): Promise<EditorStart> =>
  call(ops.editorStart, query, {
    silentCodes: [Code.notFound, Code.conflict],
    ...(signal ? { signal } : {}),
  });

/** Submits the order with the form's Idempotency-Key: a repeat with the same key makes no second order. */
export const submitOrder = (
  request: CreateOrderRequest,
  idempotencyKey: string,
): Promise<CreateOrderAnswer> =>
  call(ops.createOrder, request, {
    headers: { 'Idempotency-Key': idempotencyKey },
    silentCodes: [Code.conflict, Code.invalid],
  });

export const checkGoods = (request: InventoryAddRequest): Promise<InventoryAddAnswer> =>
  call(ops.inventoryAdd, request, { quiet: true });

export const searchStock = (
  query: { keyword: string; pr_id?: number; goods_type?: GoodsType; temp_class?: TempClass },
  signal?: AbortSignal,
): Promise<InventoryLine[]> =>
  call(inventory.searchDrug, query, { quiet: true, ...(signal ? { signal } : {}) });

export const suggestBoxes = (
  temp_class: TempClass,
  lines: { in_id: number; quantity: number }[],
): Promise<AutoBox> => call(inventory.autoBox, { temp_class, lines }, { quiet: true });

export const loadAddresses = (kind: 'start' | 'stop'): Promise<Address[]> =>
  call(master.customerAddress, { kind, limit: 100 }, { quiet: true }).then((page) => page.list);

export const loadSites = (prId: number): Promise<ProjectSite[]> =>
  call(master.getProjectHospital, { pr_id: prId }, { quiet: true });

export const loadContacts = (): Promise<Contact[]> => call(master.contactData, {}, { quiet: true });

export const loadProvinces = (): Promise<Region[]> => call(master.provinces, {}, { quiet: true });
export const loadCities = (provinceId: number): Promise<Region[]> =>
  call(master.getCity, { province_id: provinceId }, { quiet: true });
export const loadDistricts = (cityId: number): Promise<Region[]> =>
  call(master.childCity, { parent_id: cityId }, { quiet: true });
export const regionInfo = (regionId: number): Promise<RegionInfo> =>
  call(master.checkRegionInfo, { region_id: regionId }, { quiet: true });

/** Uploads a document before its order exists, with progress; attached when the order is made. */
export const uploadPending = (
  kind: AttachmentKind,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<PendingFileAnswer> =>
  upload<PendingFileAnswer>(ops.uploadPendingFile.path, {
    file,
    fields: { kind },
    onProgress,
    signal,
    quiet: true,
  });
