import * as ops from '../contract/order-exports/operations.ts';
import type { ExportAnswer, ExportJob } from '../contract/order-exports/schemas.ts';
import type { OrderListQuery } from '../contract/orders/schemas.ts';
import { signedHref } from './files.ts';
import { type CallOptions, call } from './transport.ts';

export type { ExportAnswer, ExportJob };

/** `GET customer-order/down-log`: the user's exports, newest first. */
export const downLog = (page: { start?: number; limit?: number } = {}, options?: CallOptions) =>
  call(ops.downLog, page, options);

/** `GET customer-order/del-down-log`: deletes an export and its file. */
export const deleteExport = (id: number, options?: CallOptions) => call(ops.delDownLog, { id }, options);
/** Makes a failed export again (same filter); it is then listed as queued. */
export const retryExport = (id: number, options?: CallOptions) => call(ops.retryDownLog, { id }, options);

/** `GET customer-order/xlsorder`: the list's filtered set as .xlsx (a file link, or a job). */
export const exportOrders = (filter: OrderListQuery, options?: CallOptions) =>
  call(ops.exportOrders, filter, options);

/** `GET customer-order/xlsjinyu`: the same set in the central-lab sample template. */
export const exportSamples = (filter: OrderListQuery, options?: CallOptions) =>
  call(ops.exportSamples, filter, options);

/** A download link from the server as the page opens it (see `signedHref`). */
export const downloadHref = signedHref;
