import { executeServerCommand } from './commands.ts';

/** A user made for one test on the real server (server/testing/fixtures.ts `createUser`). */
export interface TestUser {
  uid: number;
  username: string;
  password: string;
  mobile: string;
  sgId: number;
  customers: Array<{ cu_id: number; cu_name: string; identifier: string; co_id: number; co_name: string }>;
}

export interface TestUserOptions {
  password?: string;
  customers?: number;
  /** Names of the customer accounts (for filters by text and pinyin initials). */
  customerNames?: string[];
  sgId?: number;
  passFlag?: 0 | 1 | 2;
  white?: boolean;
  mobile?: string;
  name?: string;
  /** An administrator of its first customer (reads its audit trail, decides its excursion cases). */
  admin?: boolean;
}

/** Makes a fresh user with its own customer accounts in the test server's database. */
export const createTestUser = (options: TestUserOptions = {}): Promise<TestUser> =>
  executeServerCommand<TestUser, TestUserOptions>('lp-create-user', options);

/** The 6-digit code the test server last sent to a mobile number by SMS (null when none). */
export const lastSmsCode = (mobile: string): Promise<string | null> =>
  executeServerCommand<string | null, { mobile: string }>('lp-last-sms-code', { mobile });

/**
 * `count` failed lookups of an order number, each from an address of its own (not the page's):
 * its lookups then need the captcha (server/areas/tracking/failures.ts PER_ORDER).
 */
export const trackingFailures = (order_no: string, count: number): Promise<boolean> =>
  executeServerCommand<boolean, { order_no: string; count: number }>('lp-tracking-failures', {
    order_no,
    count,
  });

/** An order for the order view's tests (server/testing/order-view-fixtures.ts `createViewOrder`). */
export interface TestOrderOptions {
  cuId: number;
  order?: Record<string, unknown>;
  approverUid?: number;
  readings?: Array<[number, number]>;
  readingsFrom?: string;
  track?: Array<[number, number, number]>;
  remarks?: Array<{ author: string; text: string; kind?: 'remark' | 'feedback' }>;
  events?: Array<{
    kind: string;
    reason?: string;
    actor_name?: string;
    actor_kind?: 'customer' | 'provider' | 'system';
  }>;
  attachments?: Array<{
    kind: 'packing_list' | 'pod' | 'temperature_report';
    status: 'pending' | 'approved' | 'rejected';
    reason?: string;
    name: string;
  }>;
  sources?: number[];
}

/** Makes an order (with readings, track, remarks … as asked) in the test server's database. */
export const createTestOrder = (options: TestOrderOptions): Promise<{ id: number; order_no: string }> =>
  executeServerCommand<{ id: number; order_no: string }, TestOrderOptions>('lp-create-order', options);

/** An order to make: fields of server/testing/order-fixtures.ts `createOrder`, and its creation time. */
export interface ListOrderOptions {
  /** The order's project (default: the new project `makeTestOrders` is given, else none). */
  pr_id?: number;
  status?: 'pending_approval' | 'pending_confirm' | 'not_finished' | 'finished' | 'cancelled';
  order_type?: 'supply' | 'sample' | 'dtp' | 'return' | 'destroy' | 'custom';
  temp_class?: 'ambient' | 'chilled' | 'frozen' | 'deep_frozen' | 'cryo';
  is_dtp?: 0 | 1 | 3;
  to_goodstype?: 1 | 2 | 3;
  excursion?: 'none' | 'low' | 'medium' | 'high';
  attachment_status?: 'missing' | 'pending' | 'approved' | 'rejected';
  from_company?: string;
  from_address?: string;
  to_company?: string;
  to_address?: string;
  to_contact?: string;
  /** ISO time; default now. */
  created_at?: string;
  /** ISO time the order is due (default none). */
  deliver_by?: string;
}

export interface TestOrder {
  id: number;
  order_no: string;
  from_company: string;
  to_company: string;
  to_contact: string;
}

/** Makes orders of customer `cuId` on the test server (in a new project when `project` is given). */
export const makeTestOrders = (
  cuId: number,
  orders: ListOrderOptions[],
  project?: { name?: string; protocol_no?: string },
): Promise<{ project: { pr_id: number; protocol_no: string; name: string } | null; orders: TestOrder[] }> =>
  executeServerCommand('lp-make-orders', { cuId, orders, ...(project ? { project } : {}) });

/** `count` orders of customer `cuId` in the test server's database (the first made by the order fixture, the rest its copies). */
export const cloneTestOrders = (cuId: number, count: number): Promise<number> =>
  executeServerCommand<number, { cu_id: number; count: number }>('lp-clone-orders', { cu_id: cuId, count });

/** A signed provider call (`provider/<name>`, e.g. `confirm`) on the test server → its envelope. */
export const providerCall = (
  name: string,
  body: unknown,
): Promise<{ code: number; message: string; data: unknown }> =>
  executeServerCommand('lp-provider', { name, body });

/** Ends supplier link `id` now on the test server (as its expiry would). */
export const expireSupplierLink = (id: number): Promise<boolean> =>
  executeServerCommand<boolean, { id: number }>('lp-expire-supplier-link', { id });

/** Marks export job `id` failed on the test server (as a full disk or a stopped server leaves it). */
export const failTestExport = (id: number): Promise<number> =>
  executeServerCommand<number, { id: number }>('lp-fail-export', { id });

/** A notification of user `uid` on customer `cu_id` (as the notifier makes it) → its id. */
export const notifyTestUser = (notification: {
  uid: number;
  cu_id: number;
  kind: 'approval_needed' | 'delivered' | 'excursion_opened' | 'export_ready';
  ref: string;
  order_id?: number;
}): Promise<number> => executeServerCommand('lp-notify', notification);

/** A shipment for the excursion pages' tests (server/testing/excursion-browser-fixtures.ts). */
export interface ExcursionShipmentSpec {
  /** Shipments with the same index share a project (default 0). */
  project?: number;
  /** Shipments with the same index share a batch, one stock line (default: a batch of its own). */
  batch?: number;
  /** The product's stability budget, kept with its batch's first shipment. */
  bands?: Array<{ min: number | null; max: number | null; hours: number }>;
  quantity?: number;
}

export interface ExcursionShipment {
  id: number;
  order_no: string;
  logger_id: string;
  pr_id: number;
  protocol_no: string;
  in_id: number;
  batch_no: string;
}

/** Orders in progress of customer `cuId`, one goods line and logger each: their readings open cases. */
export const createExcursionShipments = (
  cuId: number,
  shipments: ExcursionShipmentSpec[],
): Promise<ExcursionShipment[]> => executeServerCommand('lp-excursion-shipments', { cu_id: cuId, shipments });

/** The cases of order `orderId` opened `days` days earlier than they were. */
export const ageExcursionCases = (orderId: number, days: number): Promise<number> =>
  executeServerCommand('lp-excursion-age', { order_id: orderId, days });

/** One pass of the server's webhook sender (the test server runs no background work). */
export const sendWebhooks = (): Promise<{
  delivered: number;
  retried: number;
  failed: number;
  skipped: number;
}> => executeServerCommand('lp-send-webhooks');
