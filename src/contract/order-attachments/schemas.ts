import * as v from 'valibot';
import { SignatureInput } from '../signatures/schemas.ts';
import { Id, IntIn, OptionalText, TrimmedText } from '../fields.ts';
import { msg } from '../messages.ts';
import {
  AttachmentKindSchema,
  AttachmentSchema,
  AttachmentStatusSchema,
  OrderStatusSchema,
} from '../orders/schemas.ts';

export {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTENTION_STATES,
  type AttachmentType,
  type AttentionState,
  CUSTOMER_KINDS,
  PROVIDER_KINDS,
  REJECT_REASON_MAX,
} from './limits.ts';
import { ATTENTION_STATES, CUSTOMER_KINDS, PROVIDER_KINDS, REJECT_REASON_MAX } from './limits.ts';

/** `GET customer-order/attachment`: a page of the orders needing attention (paging as the order list's). */
export const AttentionQuery = v.strictObject({
  state: v.optional(
    v.picklist(
      ['all', ...ATTENTION_STATES],
      msg('oneOf', { values: ['all', ...ATTENTION_STATES].join(', ') }),
    ),
    'all',
  ),
  keyword: v.optional(TrimmedText(100), ''),
  start: v.optional(IntIn(0, 10_000_000), 0),
  limit: v.optional(IntIn(1, 100), 10),
  currentPage: v.optional(IntIn(1, 1_000_000)),
});
export type AttentionQuery = v.InferInput<typeof AttentionQuery>;

/** One required kind of an order and where it stands (`missing`: no file that is not rejected). */
export const KindStateSchema = v.strictObject({
  kind: AttachmentKindSchema,
  state: AttachmentStatusSchema,
  /** The reason of the latest rejection while it is not replaced, else ''. */
  reason: v.string(),
});
export type KindState = v.InferOutput<typeof KindStateSchema>;

/** An attachment as the customer's pages show it (with who audited it). */
export const OrderAttachmentSchema = v.strictObject({
  ...AttachmentSchema.entries,
  order_id: v.number(),
  audited_by: v.nullable(v.string()),
  /** The customer may delete it (their own upload, not approved). */
  deletable: v.boolean(),
});
export type OrderAttachment = v.InferOutput<typeof OrderAttachmentSchema>;

/** A row of the landing page (masked like the order list). */
export const AttentionRowSchema = v.strictObject({
  id: v.number(),
  order_no: v.string(),
  status: OrderStatusSchema,
  project_name: v.string(),
  protocol_no: v.string(),
  from_company: v.string(),
  from_city: v.string(),
  to_company: v.string(),
  to_city: v.string(),
  attachment_status: AttachmentStatusSchema,
  kinds: v.array(KindStateSchema),
  attachments: v.array(OrderAttachmentSchema),
  masked: v.array(v.string()),
});
export type AttentionRow = v.InferOutput<typeof AttentionRowSchema>;

export const AttentionCountsSchema = v.strictObject({
  missing: v.number(),
  pending: v.number(),
  rejected: v.number(),
});
export type AttentionCounts = v.InferOutput<typeof AttentionCountsSchema>;

export const AttentionListSchema = v.strictObject({
  list: v.array(AttentionRowSchema),
  total: v.number(),
  counts: AttentionCountsSchema,
});
export type AttentionList = v.InferOutput<typeof AttentionListSchema>;

/** `POST customer-order/upload` (multipart, with the `file`). */
export const UploadFields = v.strictObject({
  id: Id,
  kind: v.picklist(CUSTOMER_KINDS, msg('oneOf', { values: CUSTOMER_KINDS.join(', ') })),
});
export type UploadFields = v.InferInput<typeof UploadFields>;

/** `POST customer-order/ss-upload-print` (multipart, with the `file`): kind `print_scan`. */
export const PrintScanFields = v.strictObject({ id: Id });

/** What an upload, an audit or a delete leaves: the attachment (if any) and the order's status. */
export const UploadAnswer = v.strictObject({
  attachment: OrderAttachmentSchema,
  attachment_status: AttachmentStatusSchema,
});
export type UploadAnswer = v.InferOutput<typeof UploadAnswer>;

export const StatusAnswer = v.strictObject({ attachment_status: AttachmentStatusSchema });
export type StatusAnswer = v.InferOutput<typeof StatusAnswer>;

/** `GET customer-order/attachment-audit {id}`: an order's attachments with their audit state. */
export const AuditListSchema = v.strictObject({
  id: v.number(),
  order_no: v.string(),
  attachment_status: AttachmentStatusSchema,
  kinds: v.array(KindStateSchema),
  list: v.array(OrderAttachmentSchema),
  /** The session's user may pass or reject (an approver of the customer). */
  can_audit: v.boolean(),
});
export type AuditList = v.InferOutput<typeof AuditListSchema>;

/** `POST customer-order/attachment-audit`: pass or reject one attachment (reason required to reject). */
export const AttachmentAuditRequest = v.strictObject({
  id: Id,
  pass: v.boolean(msg('boolean')),
  reason: OptionalText(REJECT_REASON_MAX),
  /** The reviewer's electronic signature (src/contract/signatures). */
  signature: SignatureInput,
});
export type AttachmentAuditRequest = v.InferInput<typeof AttachmentAuditRequest>;

export const FileIdQuery = v.strictObject({ file_id: Id });
export type FileIdQuery = v.InferInput<typeof FileIdQuery>;

/** `common/delete-file`: the document, and why it is removed (EU GMP Annex 11 §9: a deletion says why). */
export const DeleteFileQuery = v.strictObject({
  file_id: Id,
  reason: v.pipe(
    v.string(msg('string')),
    v.trim(),
    v.nonEmpty(msg('required')),
    v.maxLength(REJECT_REASON_MAX, msg('maxLength', { max: REJECT_REASON_MAX })),
  ),
});
export type DeleteFileQuery = v.InferInput<typeof DeleteFileQuery>;

/** A short-lived signed download link (relative to the API's origin). */
export const FileLinkSchema = v.strictObject({
  url: v.string(),
  name: v.string(),
  expires_at: v.string(),
});
export type FileLink = v.InferOutput<typeof FileLinkSchema>;

/** The signed link's query: file, expiry (Unix seconds), signature. */
export const FileDownloadQuery = v.strictObject({
  f: Id,
  e: IntIn(0, 99_999_999_999),
  s: v.pipe(v.string(msg('string')), v.regex(/^[\w-]{43}$/, msg('invalid'))),
});

/** `POST provider/document` (signed, multipart with the `file`): a document of an order. */
export const ProviderDocumentFields = v.strictObject({
  order_no: v.pipe(v.string(msg('string')), v.trim(), v.regex(/^LP\d{14}$/, msg('invalid'))),
  kind: v.picklist(PROVIDER_KINDS, msg('oneOf', { values: PROVIDER_KINDS.join(', ') })),
});

export const ProviderDocumentAnswer = v.strictObject({
  id: v.number(),
  file_id: v.number(),
  name: v.string(),
  media_type: v.string(),
  sha256: v.string(),
  attachment_status: AttachmentStatusSchema,
});
