import { ATTACHMENT_KINDS, type AttachmentKind } from '../orders/domain.ts';

/**
 * The attachments' constants, apart from their schemas: a page that needs a limit or a kind
 * does not ship valibot with it.
 */

/** A file may have at most 20 MB. */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** What an attachment may be (decided by its content, never by its name or claimed type). */
export const ATTACHMENT_TYPES = ['pdf', 'jpg', 'png', 'xlsx', 'docx', 'csv'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The kinds a customer uploads through `customer-order/upload` (the print-out has its own call). */
export const CUSTOMER_KINDS = ATTACHMENT_KINDS.filter((k) => k !== 'print_scan') as Exclude<
  AttachmentKind,
  'print_scan'
>[];
/** The kinds the provider sends through `provider/document`. */
export const PROVIDER_KINDS = ['pod', 'temperature_report', 'packing_list', 'customs', 'other'] as const;

export const REJECT_REASON_MAX = 500;

/** The landing page's tabs: the orders whose documents are missing, pending or rejected. */
export const ATTENTION_STATES = ['missing', 'pending', 'rejected'] as const;
export type AttentionState = (typeof ATTENTION_STATES)[number];
