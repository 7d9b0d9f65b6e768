import * as v from 'valibot';
import { distinct, Id, IntIn } from '../fields.ts';
import { LIST_LIMIT_MAX } from '../orders/limits.ts';
import { OrderListQuery } from '../orders/schemas.ts';
import { msg } from '../messages.ts';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * An export's answer: `file` when the set was small enough to make at once (a short-lived signed
 * link to download it), or `job` when it goes to the download centre.
 */
export const ExportAnswer = v.strictObject({
  mode: v.picklist(['file', 'job']),
  /** Signed download link (mode `file`), valid for a few minutes. */
  url: v.nullable(v.string()),
  job_id: v.nullable(v.number()),
  rows: v.number(),
});
export type ExportAnswer = v.InferOutput<typeof ExportAnswer>;

export const DownLogQuery = v.strictObject({
  start: v.optional(IntIn(0, 1_000_000), 0),
  limit: v.optional(IntIn(1, 100), 20),
});

export const ExportJobSchema = v.strictObject({
  id: v.number(),
  kind: v.picklist(['xlsorder', 'xlsjinyu']),
  name: v.string(),
  status: v.picklist(JOB_STATUSES),
  total: v.number(),
  done: v.number(),
  size: v.nullable(v.number()),
  error: v.nullable(v.string()),
  created_at: v.string(),
  finished_at: v.nullable(v.string()),
  /** Signed download link when done. */
  url: v.nullable(v.string()),
});
export type ExportJob = v.InferOutput<typeof ExportJobSchema>;

export const DownLogSchema = v.strictObject({ list: v.array(ExportJobSchema), total: v.number() });

export const JobIdRequest = v.strictObject({ id: Id });

/**
 * A signed link's query (`customer-order/down-file`): the export's id, the link's expiry (Unix
 * seconds) and its HMAC. The link is its own permission (a browser download carries no token).
 */
export const SignedLinkQuery = v.strictObject({
  id: Id,
  expires: IntIn(0, 2 ** 40),
  signature: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)),
});

/**
 * The order summary as its own page (`common/email-page`, the email dialog's preview): the order,
 * the customer account and the language it was signed for, the link's expiry and its HMAC. Served
 * with a CSP of its own that lets the email's inline styles apply and nothing else run.
 */
export const EmailPageQuery = v.strictObject({
  id: Id,
  cu: Id,
  lang: v.picklist(['zh-CN', 'en'], msg('choice')),
  expires: IntIn(0, 2 ** 40),
  signature: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)),
});

/** Orders chosen one by one, as a GET carries them: `ids=12,15,31` (at most a list page's worth). */
const IdCsv = v.pipe(
  v.string(msg('string')),
  v.regex(new RegExp(`^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${LIST_LIMIT_MAX - 1}}$`), msg('invalid')),
  v.transform((text) => text.split(',').map(Number)),
  v.check(distinct, msg('repeated')),
);

/**
 * `customer-order/xlsorder`: the list's query, or with `ids` the orders the user selected (then
 * only those, in the list's sort; the filters are left out, so a selection made before a filter
 * changed still exports whole).
 */
export const OrderExportQuery = v.strictObject({ ...OrderListQuery.entries, ids: v.optional(IdCsv) });
export type OrderExportQuery = v.InferInput<typeof OrderExportQuery>;
