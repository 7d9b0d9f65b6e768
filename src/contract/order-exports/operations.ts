import { Code } from '../codes.ts';
import { Nothing } from '../fields.ts';
import { operation, type RateLimit } from '../operation.ts';
import {
  EmailRequest,
  EmailViewSchema,
  OrderIdQuery,
  OrderListQuery,
  PrintLogRequest,
  PrintLogSchema,
} from '../orders/schemas.ts';
import * as v from 'valibot';
import {
  DownLogQuery,
  DownLogSchema,
  EmailPageQuery,
  OrderExportQuery,
  ExportAnswer,
  JobIdRequest,
  SignedLinkQuery,
} from './schemas.ts';

/**
 * Exports of the order list (.xlsx of the filtered set, the central-lab template), the download
 * centre (`down-log`), print records and the order summary by email.
 */
const area = 'order-exports';

/**
 * Starting an export (either template, or a retry) is counted per user in one bucket: an export
 * reads up to 500,000 orders and its file is kept 30 days. The server also refuses (429) a start
 * while the user has 3 exports queued or being made.
 */
const EXPORT_STARTS: RateLimit = { by: 'user', limit: 10, windowMs: 60_000, bucket: 'order-exports/start' };

export const exportOrders = operation({
  area,
  method: 'GET',
  path: 'customer-order/xlsorder',
  summary:
    'The filtered order list, or the selected orders (`ids`), as .xlsx (masked): the file itself for a small set, else a job for the download centre',
  auth: 'session',
  input: OrderExportQuery,
  output: ExportAnswer,
  rateLimits: [EXPORT_STARTS],
});

export const exportSamples = operation({
  area,
  method: 'GET',
  path: 'customer-order/xlsjinyu',
  summary: 'The same set in the central-lab sample template (.xlsx): a file or a job as above',
  auth: 'session',
  input: OrderListQuery,
  output: ExportAnswer,
  rateLimits: [EXPORT_STARTS],
});

export const downLog = operation({
  area,
  method: 'GET',
  path: 'customer-order/down-log',
  summary:
    'The user’s export jobs for the session’s customer, newest first, with progress and download links',
  auth: 'session',
  input: DownLogQuery,
  output: DownLogSchema,
});

/** The media type of every export file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const downloadExport = operation({
  area,
  method: 'GET',
  path: 'customer-order/down-file',
  summary:
    'An export’s file by the signed link an export or `down-log` gave (no token: the link, valid for minutes, is the permission)',
  auth: 'public',
  input: SignedLinkQuery,
  output: v.string(),
  media: XLSX_TYPE,
  codes: [Code.forbidden, Code.notFound],
  rateLimits: [{ by: 'ip', limit: 120, windowMs: 60_000 }],
});

export const delDownLog = operation({
  area,
  method: 'GET',
  path: 'customer-order/del-down-log',
  summary: 'Delete an export job and its file',
  auth: 'session',
  audit: { none: "the user's own export file, no GxP record" },
  input: JobIdRequest,
  output: Nothing,
  codes: [Code.notFound],
});

export const retryDownLog = operation({
  area,
  method: 'POST',
  path: 'customer-order/retry-down-log',
  summary: 'Make a failed export again, with the same filter (409 unless it failed)',
  auth: 'session',
  audit: { none: "the user's own export job, no GxP record" },
  input: JobIdRequest,
  output: Nothing,
  codes: [Code.notFound, Code.conflict],
  rateLimits: [EXPORT_STARTS],
});

export const printLogAdd = operation({
  area,
  method: 'POST',
  path: 'common/printlog',
  summary: 'Record that the order’s waybill or summary was printed',
  auth: 'session',
  audit: { records: ['order'] },
  input: PrintLogRequest,
  output: Nothing,
  codes: [Code.notFound],
  // (each adds an event to the order's log)
  rateLimits: [{ by: 'user', limit: 60, windowMs: 60_000 }],
});

export const printLogList = operation({
  area,
  method: 'GET',
  path: 'common/printlog',
  summary: 'The order’s print records, newest first',
  auth: 'session',
  input: OrderIdQuery,
  output: PrintLogSchema,
  codes: [Code.notFound],
});

export const orderEmail = operation({
  area,
  method: 'POST',
  path: 'common/email',
  summary:
    'Email the order’s summary (masked) to 1–10 addresses; 500 when the server has no mailer (production without MAIL_HTTP_URL) or the mail service fails',
  auth: 'session',
  audit: { records: ['order'] },
  input: EmailRequest,
  output: Nothing,
  codes: [Code.notFound, Code.serverFault],
  rateLimits: [{ by: 'user', limit: 20, windowMs: 60 * 60_000 }],
});

export const orderEmailView = operation({
  area,
  method: 'GET',
  path: 'common/email-view',
  summary: 'The order’s summary as an email would carry it',
  auth: 'session',
  input: OrderIdQuery,
  output: EmailViewSchema,
  codes: [Code.notFound],
});

export const orderEmailPage = operation({
  area,
  method: 'GET',
  path: 'common/email-page',
  summary:
    'The order’s summary as a page of its own, by the signed link `email-view` gave (the preview frame; its CSP lets only the email’s inline styles apply)',
  auth: 'public',
  input: EmailPageQuery,
  output: v.string(),
  media: 'text/html',
  codes: [Code.forbidden, Code.notFound],
  rateLimits: [{ by: 'ip', limit: 120, windowMs: 60_000 }],
});
