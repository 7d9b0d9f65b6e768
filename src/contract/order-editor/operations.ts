import * as v from 'valibot';
import { Code } from '../codes.ts';
import { operation, READS } from '../operation.ts';
import { ATTACHMENT_MAX_BYTES } from '../order-attachments/limits.ts';
import {
  CreateOrderAnswer,
  CreateOrderRequest,
  DeleteDraftsAnswer,
  DeleteDraftsRequest,
  DraftListQuery,
  DraftListSchema,
  DraftSchema,
  EditorStartQuery,
  EditConflictSchema,
  EditorStartSchema,
  InventoryAddAnswer,
  InventoryAddRequest,
  PendingFileAnswer,
  PendingFileRequest,
  SaveDraftAnswer,
  SaveDraftRequest,
} from './schemas.ts';

/**
 * The order editor and the draft box: always the session's user in its current customer; another
 * customer's order or another user's draft answers 404. `create` (POST) takes an
 * `Idempotency-Key` header: the same key and body replays the first answer, another body 422.
 */
const area = 'order-editor';

export const editorStart = operation({
  area,
  method: 'GET',
  path: 'customer-order/create',
  summary:
    'The order form’s start: the projects with their configuration, and an empty form, an order to edit or copy, or a draft',
  auth: 'session',
  input: EditorStartQuery,
  output: EditorStartSchema,
  codes: [Code.notFound, Code.conflict],
  refusals: { [Code.conflict]: v.nullable(EditConflictSchema) },
});

export const createOrder = operation({
  area,
  method: 'POST',
  path: 'customer-order/create',
  summary:
    'Create an order (new or copy), or save an edit of one still pending (with `id` and `version`); Idempotency-Key header',
  auth: 'session',
  audit: { records: ['order'] },
  input: CreateOrderRequest,
  output: CreateOrderAnswer,
  codes: [Code.notFound, Code.conflict],
  rateLimits: [{ by: 'user', limit: 60, windowMs: 60_000, bucket: 'order-editor/create' }],
  refusals: { [Code.conflict]: v.nullable(EditConflictSchema) },
  idempotencyKey: true,
});

export const saveDraft = operation({
  area,
  method: 'POST',
  path: 'customer-order/save-draft-box',
  summary:
    'Store the order form in the draft box (new, or the draft `id` at `version`: stale → 409 with the draft)',
  auth: 'session',
  audit: { none: "a draft is the user's unsent form, no record until it is submitted as an order" },
  input: SaveDraftRequest,
  output: SaveDraftAnswer,
  codes: [Code.notFound, Code.conflict],
  rateLimits: [{ by: 'user', limit: 240, windowMs: 60_000, bucket: 'order-editor/save-draft' }],
  refusals: { [Code.conflict]: v.nullable(DraftSchema) },
});

export const draftList = operation({
  area,
  method: 'GET',
  path: 'customer-order/draft-box-list',
  summary: 'The user’s drafts in the current customer, last saved first (paged)',
  auth: 'session',
  input: DraftListQuery,
  output: DraftListSchema,
});

export const deleteDrafts = operation({
  area,
  method: 'POST',
  path: 'customer-order/delete-draft-box',
  summary: 'Delete drafts of the user (all or none)',
  auth: 'session',
  audit: { none: "a draft is the user's unsent form, no record until it is submitted as an order" },
  input: DeleteDraftsRequest,
  output: DeleteDraftsAnswer,
  codes: [Code.notFound],
});

export const inventoryAdd = operation({
  area,
  method: 'POST',
  path: 'customer-order/inventory-detail-add',
  summary:
    'Goods lines for the order form from inventory lines and quantities: checked (project, class, available, expiry), with expiry warnings',
  auth: 'session',
  audit: READS,
  input: InventoryAddRequest,
  output: InventoryAddAnswer,
});

export const uploadPendingFile = operation({
  area,
  method: 'POST',
  path: 'common/file',
  summary:
    'Upload a document before its order exists (multipart `kind`, `file`); attached by `create`, removed after a day if never attached',
  auth: 'session',
  audit: { none: 'a document before its order exists; recorded when the order is created with it' },
  input: PendingFileRequest,
  output: PendingFileAnswer,
  encoding: 'multipart',
  upload: { field: 'file', maxBytes: ATTACHMENT_MAX_BYTES },
  rateLimits: [{ by: 'user', limit: 120, windowMs: 60_000, bucket: 'order-attachments/upload' }],
});
