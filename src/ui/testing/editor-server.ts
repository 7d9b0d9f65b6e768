import { executeServerCommand } from './commands.ts';
import type { OrderInput } from '../../contract/order-editor/schemas.ts';
import type { OrderStatus } from '../../contract/orders/domain.ts';
import type { TestUser, TestUserOptions } from './server.ts';

/** Options of the editor's test data (server/testing/editor-fixtures.ts `createEditorSetup`). */
export interface EditorSetupOptions {
  requiresApproval?: boolean;
  requiredAttachments?: string[];
  dtpAllowed?: boolean;
  tempClasses?: Array<'ambient' | 'chilled' | 'frozen' | 'deep_frozen' | 'cryo'>;
  orderTypes?: Array<'supply' | 'sample' | 'dtp' | 'return' | 'destroy' | 'custom'>;
  user?: TestUserOptions;
}

interface Named {
  in_id: number;
  name: string;
}

/** A user of a new customer with a project, sites, regions, addresses and stock ready to order. */
export interface EditorSetup {
  user: TestUser;
  cuId: number;
  project: { pr_id: number; protocol_no: string; name: string };
  otherProject: { pr_id: number; protocol_no: string; name: string };
  regions: { province: number; city: number; district: number; unservedDistrict: number };
  sites: Array<{ ho_id: number; name: string }>;
  addresses: { start: { ad_id: number; company: string }; stop: { ad_id: number; company: string } };
  stock: { chilled: Named; chilledSmall: Named; ambient: Named; expired: Named; otherProject: Named };
  /** A complete order form for this setup (pickup tomorrow, 5 of `stock.chilled`, one box). */
  form: OrderInput;
}

/** Makes the editor's test data on the test server. */
export const createEditorSetup = (options: EditorSetupOptions = {}): Promise<EditorSetup> =>
  executeServerCommand<EditorSetup, EditorSetupOptions>('lp-editor-setup', options);

/** The customer's orders on the test server, newest first. */
export const customerOrders = (
  cuId: number,
): Promise<Array<{ id: number; order_no: string; status: OrderStatus; version: number }>> =>
  executeServerCommand('lp-customer-orders', { cu_id: cuId });

/** Another session's edit of an order (its version goes up): the next save of a stale form is a 409. */
export const touchOrder = (
  id: number,
  changes: { remark?: string; to_contact?: string } = {},
): Promise<{ version: number }> => executeServerCommand('lp-touch-order', { id, ...changes });

/** A stock line's quantity on hand and reserved quantity. */
export const stockLine = (inId: number): Promise<{ quantity: number; reserved: number }> =>
  executeServerCommand('lp-stock-line', { in_id: inId });

/** Options of a stock line made for a test (server/testing/master-data-fixtures.ts `createStockLine`). */
export interface TestStockLine {
  pr_id?: number | null;
  goods_type?: 1 | 2 | 3;
  name?: string;
  batch_no?: string;
  expiry?: string | null;
  quantity?: number;
  reserved?: number;
  depot?: string;
  temp_class?: 'ambient' | 'chilled' | 'frozen' | 'deep_frozen' | 'cryo';
  /** The reorder level (none by default). */
  low_level?: number | null;
  movements?: Array<{
    kind: 'inbound' | 'reserve' | 'release' | 'outbound' | 'return' | 'adjust' | 'write_off';
    delta: number;
    note?: string;
  }>;
}

/** Stock lines of customer `cuId` on the test server, with their movements. */
export const createTestStock = (
  cuId: number,
  lines: TestStockLine[],
): Promise<Array<{ in_id: number; name: string }>> =>
  executeServerCommand('lp-create-stock', { cu_id: cuId, lines });
