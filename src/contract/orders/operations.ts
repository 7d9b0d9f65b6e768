import * as v from 'valibot';
import { NoInput } from '../fields.ts';
import { operation, READS } from '../operation.ts';
import { OverviewSchema } from './overview.ts';
import { Code } from '../codes.ts';
import {
  ApplyInfoSchema,
  ApplyModifyRequest,
  AuditRequest,
  CancelAnswer,
  CancelRequest,
  ChildListSchema,
  MergeAnswer,
  MergeRequest,
  OrderWriteAnswer,
  RemarkRequest,
  RemarkSchema,
  OrderDetailSchema,
  OrderIdQuery,
  OrderOwnerSchema,
  OrderListQuery,
  OrderListSchema,
  TemperatureSchema,
  TrackSchema,
  AttachmentListSchema,
  BoxListSchema,
  EventListSchema,
  GoodsListSchema,
  OrderDataSchema,
  OrderHeaderSchema,
  RemarkListSchema,
  TypedOrderListQuery,
  WorkSheetSchema,
} from './schemas.ts';

/**
 * The order list and view (`customer-order/*`, `common/get-order-*`): always the session's
 * customer's orders; another customer's id answers 404. The server masks every answer (spec §3).
 */
const area = 'orders';

export const orderListGet = operation({
  area,
  method: 'GET',
  path: 'customer-order/index',
  summary:
    'A page of the customer’s orders with the counts per status (the counts follow every filter but the status)',
  auth: 'session',
  input: OrderListQuery,
  output: OrderListSchema,
});

export const orderList = operation({
  area,
  method: 'POST',
  path: 'customer-order/index',
  summary: 'The same as the GET, with the query as a JSON body',
  auth: 'session',
  audit: READS,
  input: OrderListQuery,
  output: OrderListSchema,
  bodyOptional: true,
});

export const orderView = operation({
  area,
  method: 'GET',
  path: 'customer-order/view',
  summary: 'One order with its goods, boxes, events, attachments, remarks and the actions allowed now',
  auth: 'session',
  input: OrderIdQuery,
  output: OrderDetailSchema,
  codes: [Code.notFound],
});

export const orderOwner = operation({
  area,
  method: 'GET',
  path: 'customer-order/owner',
  summary:
    'Which of the user’s customer accounts holds the order (a link from a colleague): 404 unless one of them does',
  auth: 'session',
  input: OrderIdQuery,
  output: OrderOwnerSchema,
  codes: [Code.notFound],
  rateLimits: [{ by: 'user', limit: 60, windowMs: 60_000 }],
});

export const orderTemperature = operation({
  area,
  method: 'GET',
  path: 'common/get-car-temp',
  summary: 'The order’s temperature readings, its class’s limits and the excursions found',
  auth: 'session',
  input: OrderIdQuery,
  output: TemperatureSchema,
  codes: [Code.notFound],
});

export const orderTrack = operation({
  area,
  method: 'GET',
  path: 'common/get-play-track-url',
  summary: 'The track points of the order’s route, oldest first',
  auth: 'session',
  input: OrderIdQuery,
  output: TrackSchema,
  codes: [Code.notFound],
});

export const orderCancel = operation({
  area,
  method: 'POST',
  path: 'customer-order/cancel',
  summary: 'Cancel orders still pending approval or confirmation (all or none), with a reason',
  auth: 'session',
  audit: { records: ['order'] },
  input: CancelRequest,
  output: CancelAnswer,
  codes: [Code.notFound, Code.conflict],
});

export const orderMerge = operation({
  area,
  method: 'POST',
  path: 'customer-order/merge',
  summary:
    'Merge ≥ 2 open orders of the same project, addresses, temperature class and goods type into a new one (Idempotency-Key header)',
  auth: 'session',
  audit: { records: ['order'] },
  input: MergeRequest,
  output: MergeAnswer,
  codes: [Code.notFound, Code.conflict],
  idempotencyKey: true,
});

export const orderAudit = operation({
  area,
  method: 'POST',
  path: 'customer-order/auditing',
  summary:
    'An approver passes or rejects an order pending approval (stale version: 409 with the current order)',
  auth: 'session',
  audit: { records: ['order'] },
  signature: { meanings: ['approval', 'review', 'responsibility'] },
  input: AuditRequest,
  output: OrderWriteAnswer,
  codes: [Code.forbidden, Code.notFound, Code.conflict],
  refusals: { [Code.conflict]: v.nullable(OrderDetailSchema) },
});

export const orderRemark = operation({
  area,
  method: 'POST',
  path: 'customer-order/remark',
  summary: 'Add a remark or feedback to an order',
  auth: 'session',
  audit: { records: ['order'] },
  input: RemarkRequest,
  output: RemarkSchema,
  codes: [Code.notFound],
});

export const orderApplyModify = operation({
  area,
  method: 'POST',
  path: 'customer-order/apply-modify',
  summary: 'Ask the provider to change or cancel a confirmed order (one open request at a time)',
  auth: 'session',
  audit: { records: ['order'] },
  input: ApplyModifyRequest,
  output: OrderWriteAnswer,
  codes: [Code.notFound, Code.conflict],
  refusals: { [Code.conflict]: v.nullable(OrderDetailSchema) },
});

export const orderApplyInfo = operation({
  area,
  method: 'GET',
  path: 'customer-order/get-apply-info',
  summary: 'The order’s modification requests and the provider’s answers, newest first',
  auth: 'session',
  input: OrderIdQuery,
  output: ApplyInfoSchema,
  codes: [Code.notFound],
});

export const orderChildList = operation({
  area,
  method: 'POST',
  path: 'customer-order/child-list',
  summary: 'The orders merged into this one',
  auth: 'session',
  audit: READS,
  input: OrderIdQuery,
  output: ChildListSchema,
  codes: [Code.notFound],
});

export const customizedOrderList = operation({
  area,
  method: 'GET',
  path: 'customized-order/index',
  summary: 'A page of the customer’s customized (`custom`) orders, with the counts per status',
  auth: 'session',
  input: TypedOrderListQuery,
  output: OrderListSchema,
});

export const destroyOrderList = operation({
  area,
  method: 'GET',
  path: 'customer-order/destory-index',
  summary: 'A page of the customer’s destruction (`destroy`) orders, with the counts per status',
  auth: 'session',
  input: TypedOrderListQuery,
  output: OrderListSchema,
});

/** The view's sections, one call each (the whole order is `customer-order/view`). */
const section = <O extends Parameters<typeof operation>[0]['output']>(
  path: string,
  summary: string,
  output: O,
) =>
  operation({
    area,
    method: 'GET',
    path: `common/${path}`,
    summary,
    auth: 'session',
    input: OrderIdQuery,
    output,
    codes: [Code.notFound],
  });

export const orderViewData = section(
  'get-order-view-data',
  'The order view’s header: the order’s row and the actions allowed now',
  OrderHeaderSchema,
);
export const orderData = section(
  'get-order-data',
  'The order’s fields and parties (masked), without its lists',
  OrderDataSchema,
);
export const orderGoods = section('get-order-goods', 'The order’s goods lines', GoodsListSchema);
export const orderDrugs = section('get-order-drug', 'The order’s drug lines (goods type 1)', GoodsListSchema);
export const orderMaterials = section(
  'get-order-material',
  'The order’s material lines (goods type 3)',
  GoodsListSchema,
);
export const orderBoxes = section('get-order-box', 'The order’s boxes and their loggers', BoxListSchema);
export const orderAttachments = section(
  'get-order-attach',
  'The order’s attachments and the kinds its project requires',
  AttachmentListSchema,
);
export const orderFeedback = section(
  'get-order-feedback',
  'The order’s remarks and feedback, oldest first',
  RemarkListSchema,
);
export const orderEvents = section(
  'get-order-handel',
  'The order’s event log (transitions, milestones), oldest first',
  EventListSchema,
);
export const orderWorkSheet = section(
  'get-work-sheet',
  'The order’s handling sheet: goods and box totals and the milestones so far',
  WorkSheetSchema,
);

/** The home page's overview (its schemas and rules: overview.ts). */
export const orderOverview = operation({
  area,
  method: 'GET',
  path: 'customer-order/overview',
  summary:
    'The home page’s overview of the customer’s orders: counts, what needs action, the cold chain, weeks and stock',
  auth: 'session',
  input: NoInput,
  output: OverviewSchema,
});
