import type { Operation } from '../../../src/contract/operation.ts';
import {
  API_CLIENT_SCOPES,
  type ApiClientScope,
  NEVER_GRANTED_SCOPES,
} from '../../../src/contract/api-clients/schemas.ts';
import * as excursions from '../../../src/contract/excursions/operations.ts';
import * as inventory from '../../../src/contract/inventory/operations.ts';
import * as masterData from '../../../src/contract/master-data/operations.ts';
import * as editor from '../../../src/contract/order-editor/operations.ts';
import * as orders from '../../../src/contract/orders/operations.ts';

/**
 * What an API client's token may call (docs/decisions/api-clients.md): each scope grants a fixed
 * list of the contract's calls, and a call no scope grants refuses a client's token (403), so a
 * new call is closed to clients until someone puts it here. Never granted: the account's calls
 * (user info, password, customer switch, sign-out), electronic signatures (an approval, a
 * document's review, an excursion's decision: a signature is a person's, Part 11 §11.100), the
 * customer's administration (its audit trail, its API clients, notification defaults), exports
 * kept for a user, drafts and preferences, and every call of the provider's side.
 */
export const ORDERS_READ = 'orders:read' satisfies ApiClientScope;
export const ORDERS_WRITE = 'orders:write' satisfies ApiClientScope;
export const INVENTORY_READ = 'inventory:read' satisfies ApiClientScope;
export const EXCURSIONS_READ = 'excursions:read' satisfies ApiClientScope;
/** The webhooks area's scope: every customer call of `webhook/*` (server/areas/webhooks). */
export const WEBHOOKS_MANAGE = 'webhooks:manage' satisfies ApiClientScope;

export { API_CLIENT_SCOPES, type ApiClientScope, NEVER_GRANTED_SCOPES };

const GRANTS: ReadonlyArray<readonly [ApiClientScope, readonly Operation[]]> = [
  [
    ORDERS_READ,
    [
      orders.orderListGet,
      orders.orderList,
      orders.customizedOrderList,
      orders.destroyOrderList,
      orders.orderView,
      orders.orderViewData,
      orders.orderData,
      orders.orderGoods,
      orders.orderDrugs,
      orders.orderMaterials,
      orders.orderBoxes,
      orders.orderAttachments,
      orders.orderFeedback,
      orders.orderEvents,
      orders.orderWorkSheet,
      orders.orderTemperature,
      orders.orderTrack,
      orders.orderChildList,
      orders.orderApplyInfo,
    ],
  ],
  [
    ORDERS_WRITE,
    [
      editor.createOrder,
      orders.orderCancel,
      orders.orderApplyModify,
      orders.orderRemark,
      orders.orderMerge,
      // the ids an order names: the projects it can be made in (with their configuration), a
      // project's sites and the customer's addresses
      masterData.getUserProjectAdd,
      masterData.getProjectHospital,
      masterData.customerAddress,
    ],
  ],
  [
    INVENTORY_READ,
    [
      inventory.stocksList,
      inventory.stocksListDrugs,
      inventory.stocksListSamples,
      inventory.stockOut,
      inventory.inventoryDetail,
      inventory.searchDrug,
      inventory.goodsSize,
      inventory.seriesNumber,
      inventory.stockDepots,
      inventory.isRecoverDrug,
    ],
  ],
  [EXCURSIONS_READ, [excursions.caseList, excursions.caseView, excursions.report, excursions.stabilityList]],
];

const BY_ID: ReadonlyMap<string, ApiClientScope> = new Map(
  GRANTS.flatMap(([scope, ops]) => ops.map((op) => [op.id, scope] as const)),
);

/** The area whose customer calls `webhooks:manage` grants (its own scope.ts names the same). */
const WEBHOOKS_AREA = 'webhooks';

/**
 * The scope that grants `op` to a client, or null: no client may make it. Only calls that take a
 * session are ever granted, and never one that is an electronic signature.
 */
export function scopeOf(op: Pick<Operation, 'id' | 'area' | 'auth' | 'signature'>): ApiClientScope | null {
  if (op.auth !== 'session' || op.signature) return null;
  const scope = BY_ID.get(op.id);
  if (scope) return scope;
  return op.area === WEBHOOKS_AREA ? WEBHOOKS_MANAGE : null;
}

/** The calls each scope grants, by id (docs, tests). */
export const GRANTED_IDS: ReadonlyMap<ApiClientScope, readonly string[]> = new Map(
  GRANTS.map(([scope, ops]) => [scope, ops.map((op) => op.id)]),
);
