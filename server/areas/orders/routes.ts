import type { Row } from '../../db/schema.ts';
import * as ops from '../../../src/contract/orders/operations.ts';
import type { Operation } from '../../../src/contract/operation.ts';
import { type Call, handle, type Handler, signerOf } from '../../http/route.ts';
import { requestHeader } from '../../http/request-header.ts';
import { applyInfo, applyModify } from './modify.ts';
import { auditOrder } from './audit.ts';
import { cancelOrders } from './cancel.ts';
import {
  attachmentsOf,
  boxesOf,
  eventsOf,
  goodsOf,
  loadOrder,
  orderData,
  orderDetail,
  orderNotFound,
  remarksOf,
  requiredAttachments,
} from './detail.ts';
import { IDEMPOTENCY_HEADER, idempotencyKey, oncePerKey, requestHash } from './idempotency.ts';
import { listOrders } from './list.ts';
import { orderOverview } from './overview.ts';
import { orderOwner } from './owner.ts';
import type { OrderFilter } from './list-query.ts';
import { mergeOrders } from './merge.ts';
import { addRemark } from './remark.ts';
import { selectOrderRows, toOrderRow } from './rows.ts';
import { orderHeader, workSheet } from './sections.ts';
import { temperatureOf, trackOf } from './temperature.ts';
import { customerActor, viewerOf } from './write.ts';

/** `start` wins; a `currentPage` alone (start 0) means that page of `limit` rows. */
const paged = <Q extends Omit<OrderFilter, 'order_type'>>(query: Q): Q =>
  query.start === 0 && query.currentPage !== undefined && query.currentPage > 1
    ? { ...query, start: (query.currentPage - 1) * query.limit }
    : query;

/** A read of one of the customer's orders (404 for any other id). */
const onOrder = <Op extends Operation>(
  op: Op,
  read: (call: Call<Op>, order: Row<'orders'>) => ReturnType<Handler<Op>>,
) =>
  handle(op, async (call) => {
    const { id } = call.input as { id: number };
    return read(call, await loadOrder(call.deps.db, call.session?.cuId ?? null, id));
  });

export const routes = [
  // the home page's overview
  handle(ops.orderOverview, ({ session, deps, now }) =>
    orderOverview(deps.db, session.uid, session.cuId, now),
  ),

  // the list and the view
  handle(ops.orderListGet, ({ input, session, deps, now }) =>
    listOrders(deps.db, session.cuId, { ...paged(input), now }, undefined, deps.config.orderCountCap),
  ),
  handle(ops.orderList, ({ input, session, deps, now }) =>
    listOrders(deps.db, session.cuId, { ...paged(input), now }, undefined, deps.config.orderCountCap),
  ),
  handle(ops.customizedOrderList, ({ input, session, deps, now }) =>
    listOrders(deps.db, session.cuId, { ...paged(input), now }, 'custom', deps.config.orderCountCap),
  ),
  handle(ops.destroyOrderList, ({ input, session, deps, now }) =>
    listOrders(deps.db, session.cuId, { ...paged(input), now }, 'destroy', deps.config.orderCountCap),
  ),
  onOrder(ops.orderView, ({ deps, session }, order) => orderDetail(deps.db, viewerOf(session), order)),
  handle(ops.orderOwner, ({ input, session, deps }) => orderOwner(deps.db, session, input.id)),
  onOrder(ops.orderTemperature, ({ deps }, order) => temperatureOf(deps.db, order)),
  onOrder(ops.orderTrack, ({ deps }, order) => trackOf(deps.db, order.id)),
  onOrder(ops.orderChildList, async ({ deps }, order) => {
    const rows = await selectOrderRows(
      deps.db
        .selectFrom('orders')
        .where(
          'orders.id',
          'in',
          deps.db.selectFrom('order_sources').select('source_id').where('order_id', '=', order.id),
        )
        .orderBy('orders.id'),
    ).execute();
    return { list: rows.map(toOrderRow) };
  }),
  onOrder(ops.orderApplyInfo, ({ deps }, order) => applyInfo(deps.db, order)),

  // the view's sections
  onOrder(ops.orderViewData, ({ deps, session }, order) => orderHeader(deps.db, viewerOf(session), order)),
  onOrder(ops.orderData, ({ deps, session }, order) => orderData(deps.db, viewerOf(session), order)),
  onOrder(ops.orderGoods, async ({ deps }, order) => ({ list: await goodsOf(deps.db, order.id) })),
  onOrder(ops.orderDrugs, async ({ deps }, order) => ({ list: await goodsOf(deps.db, order.id, 1) })),
  onOrder(ops.orderMaterials, async ({ deps }, order) => ({ list: await goodsOf(deps.db, order.id, 3) })),
  onOrder(ops.orderBoxes, async ({ deps }, order) => ({ list: await boxesOf(deps.db, order.id) })),
  onOrder(ops.orderAttachments, async ({ deps }, order) => ({
    list: await attachmentsOf(deps.db, order),
    required: await requiredAttachments(deps.db, order.pr_id),
  })),
  onOrder(ops.orderFeedback, async ({ deps }, order) => ({ list: await remarksOf(deps.db, order) })),
  onOrder(ops.orderEvents, async ({ deps }, order) => ({ list: await eventsOf(deps.db, order) })),
  onOrder(ops.orderWorkSheet, ({ deps }, order) => workSheet(deps.db, order)),

  // the writes
  handle(ops.orderCancel, ({ input, session, deps, now }) =>
    cancelOrders(deps.db, session.cuId, input, customerActor(session), now),
  ),
  handle(ops.orderMerge, ({ input, session, deps, now, lang, c }) => {
    const key = idempotencyKey(requestHeader(c, IDEMPOTENCY_HEADER));
    if (session.cuId === null) throw orderNotFound();
    const call = {
      uid: session.uid,
      cuId: session.cuId,
      operation: ops.orderMerge.id,
      key,
      hash: requestHash(session.cuId, input),
      ...(session.client ? { client: session.client.id } : {}),
    };
    return oncePerKey(deps.db, call, now, (trx) =>
      mergeOrders(trx, session.cuId, input.ids, customerActor(session), now, lang),
    );
  }),
  handle(ops.orderAudit, (call) =>
    auditOrder(
      call.deps.db,
      viewerOf(call.session),
      call.input,
      customerActor(call.session),
      signerOf(call),
      call.now,
    ),
  ),
  handle(ops.orderRemark, ({ input, session, deps, now }) =>
    addRemark(deps.db, session.cuId, input, customerActor(session), now),
  ),
  handle(ops.orderApplyModify, ({ input, session, deps, now }) =>
    applyModify(deps.db, viewerOf(session), input, customerActor(session), now),
  ),
];
