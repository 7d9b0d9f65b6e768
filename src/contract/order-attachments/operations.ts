import { Code } from '../codes.ts';
import { Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import { OrderIdQuery } from '../orders/schemas.ts';
import { ATTACHMENT_MAX_BYTES } from './limits.ts';
import {
  AttachmentAuditRequest,
  AttentionListSchema,
  AttentionQuery,
  AuditListSchema,
  FileDownloadQuery,
  DeleteFileQuery,
  FileIdQuery,
  FileLinkSchema,
  PrintScanFields,
  ProviderDocumentAnswer,
  ProviderDocumentFields,
  StatusAnswer,
  UploadAnswer,
  UploadFields,
} from './schemas.ts';

/**
 * Order attachments: the landing page of orders whose documents need attention, uploads (type
 * decided by content, at most 20 MB), the approver's audit, short-lived signed download links,
 * and the provider's documents (signed server-to-server).
 */
const area = 'order-attachments';
const upload = { field: 'file', maxBytes: ATTACHMENT_MAX_BYTES } as const;
/** Uploads per user: a busy afternoon's batch, not a script filling the storage. */
const uploadLimits = [
  { by: 'user', limit: 120, windowMs: 60_000, bucket: 'order-attachments/upload' },
] as const;

export const attentionList = operation({
  area,
  method: 'GET',
  path: 'customer-order/attachment',
  summary:
    'The session customer’s orders whose documents are missing, pending or rejected, with counts per state (masked, paged)',
  auth: 'session',
  input: AttentionQuery,
  output: AttentionListSchema,
});

export const uploadAttachment = operation({
  area,
  method: 'POST',
  path: 'customer-order/upload',
  summary:
    'Upload a document of an order (multipart `id`, `kind`, `file`; PDF, JPEG, PNG, XLSX, DOCX or CSV, at most 20 MB)',
  auth: 'session',
  audit: { records: ['order'] },
  input: UploadFields,
  output: UploadAnswer,
  encoding: 'multipart',
  upload,
  rateLimits: uploadLimits,
  codes: [Code.notFound, Code.conflict],
});

export const uploadPrintScan = operation({
  area,
  method: 'POST',
  path: 'customer-order/ss-upload-print',
  summary: 'Upload the signed, scanned print-out of an order (multipart `id`, `file`; kind `print_scan`)',
  auth: 'session',
  audit: { records: ['order'] },
  input: PrintScanFields,
  output: UploadAnswer,
  encoding: 'multipart',
  upload,
  rateLimits: uploadLimits,
  codes: [Code.notFound, Code.conflict],
});

export const auditList = operation({
  area,
  method: 'GET',
  path: 'customer-order/attachment-audit',
  summary: 'An order’s attachments with their audit state, and whether the user may audit them',
  auth: 'session',
  input: OrderIdQuery,
  output: AuditListSchema,
  codes: [Code.notFound],
});

export const auditAttachment = operation({
  area,
  method: 'POST',
  path: 'customer-order/attachment-audit',
  summary: 'Pass or reject an attachment (an approver of the customer; a reason is required to reject)',
  auth: 'session',
  audit: { records: ['order'] },
  signature: { meanings: ['review', 'approval', 'responsibility'] },
  input: AttachmentAuditRequest,
  output: UploadAnswer,
  codes: [Code.forbidden, Code.notFound, Code.conflict],
});

export const attachmentLink = operation({
  area,
  method: 'GET',
  path: 'customer-order/attachmentdown',
  summary: 'A short-lived signed download link of an attachment of the customer',
  auth: 'session',
  input: FileIdQuery,
  output: FileLinkSchema,
  codes: [Code.notFound],
});

export const commonAttachmentLink = operation({
  area,
  method: 'GET',
  path: 'common/get-attachment',
  summary: 'A short-lived signed download link of a file of the customer (the same as attachmentdown)',
  auth: 'session',
  input: FileIdQuery,
  output: FileLinkSchema,
  codes: [Code.notFound],
});

export const downloadFile = operation({
  area,
  method: 'GET',
  path: 'common/file',
  summary:
    'The file of a signed link (as an attachment, nosniff, not cached); 403 when the link is expired or altered',
  auth: 'public',
  input: FileDownloadQuery,
  output: Nothing,
  media: 'application/octet-stream',
  codes: [Code.forbidden, Code.notFound],
  rateLimits: [{ by: 'ip', limit: 300, windowMs: 60_000 }],
});

export const deleteFile = operation({
  area,
  method: 'GET',
  path: 'common/delete-file',
  summary:
    'Delete an attachment the customer uploaded, while it is not approved, with the reason (422 on `reason` without one)',
  auth: 'session',
  audit: { records: ['order'] },
  input: DeleteFileQuery,
  output: StatusAnswer,
  codes: [Code.notFound, Code.conflict],
});

export const providerDocument = operation({
  area,
  method: 'POST',
  path: 'provider/document',
  summary:
    'The provider’s document of an order (signed; multipart `order_no`, `kind`, `file`): POD, temperature report …',
  auth: 'signed',
  audit: { records: ['order'] },
  input: ProviderDocumentFields,
  output: ProviderDocumentAnswer,
  encoding: 'multipart',
  upload,
  codes: [Code.notFound],
});
