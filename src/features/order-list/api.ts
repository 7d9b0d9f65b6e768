import { call } from '../../api/transport.ts';
import { exportOrders as exportOp } from '../../contract/order-exports/operations.ts';
import type { ExportAnswer, OrderExportQuery } from '../../contract/order-exports/schemas.ts';
import { getUserProject } from '../../contract/master-data/operations.ts';
import { orderCancel, orderListGet, orderMerge } from '../../contract/orders/operations.ts';
import type { OrderList, OrderListQuery } from '../../contract/orders/schemas.ts';

/** `GET customer-order/index`: one page and the counts per status. */
export const fetchOrders = (query: OrderListQuery, signal: AbortSignal): Promise<OrderList> =>
  call(orderListGet, query, { signal });

/** `POST customer-order/cancel`: all the orders or none (a refusal is shown by the API outcomes). */
export const cancelOrders = (ids: readonly number[], reason: string): Promise<{ ids: number[] }> =>
  call(orderCancel, { ids: [...ids], reason });

/**
 * `POST customer-order/merge` with the `Idempotency-Key` of this merge intent: the same key on a
 * retry makes the server replay the first answer instead of merging twice.
 */
export const mergeOrders = (
  ids: readonly number[],
  idempotencyKey: string,
): Promise<{ id: number; order_no: string }> =>
  call(orderMerge, { ids: [...ids] }, { headers: { 'Idempotency-Key': idempotencyKey } });

/** `GET customer-order/xlsorder`: the filtered list, or with `ids` the selected orders only (a file link, or a job of the download centre). */
export const exportOrders = (query: OrderExportQuery): Promise<ExportAnswer> => call(exportOp, query);

/** The customer's projects for the project filter, `protocol name` as the label. */
export const fetchProjects = async (signal: AbortSignal): Promise<Array<{ value: number; label: string }>> =>
  (await call(getUserProject, {}, { signal, quiet: true })).map((p) => ({
    value: p.pr_id,
    label: `${p.protocol_no} ${p.name}`,
  }));
