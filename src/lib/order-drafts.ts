import type { EditorMode, EditorStart, OrderDraftData } from '../contract/order-editor/schemas.ts';

/**
 * What the order editor keeps in the browser (src/features/order-editor/persistence.ts) and the
 * draft box reads back (src/features/order-drafts): one record of the draft store per form, kind
 * `order`, named by the form key.
 */

/** The draft store's kind for order forms. */
export const ORDER_DRAFT_KIND = 'order';

/** What the browser keeps of one order form (the local draft's data). */
export interface KeptOrderForm {
  form: OrderDraftData;
  idempotencyKey: string;
  mode: EditorMode;
  /** The order edited (edit) or copied (copy). */
  orderId: number | null;
  orderNo: string | null;
  /** The order's version when the edit started. */
  orderVersion: number | null;
  /** The draft box's draft holding this form, once saved there. */
  draftId: number | null;
  draftVersion: number | null;
  serverSavedAt: string | null;
  /** The server's draft holds exactly this form. */
  synced: boolean;
}

/** A new form key: a UUID, also the order's Idempotency-Key. */
export function newFormKey(): string {
  return crypto.randomUUID();
}

/**
 * The form key of an editor: the address's `form-key`, else the draft's Idempotency-Key (a
 * draft opened from the draft box), else a new one. Put it in the address so a reload finds it.
 */
export function formKeyFor(
  start: Pick<EditorStart, 'draft'>,
  fromAddress: string | null | undefined,
): string {
  return fromAddress || start.draft?.idempotency_key || newFormKey();
}

export const ORDER_CREATE_PATH = '/customer-order/create';

/**
 * The editor's address for a form: a draft of the draft box by `draft-id` (the server knows its
 * mode and order), else the order edited or copied; `form-key` names the browser's copy.
 */
export function editorPath(of: {
  formKey?: string | null;
  mode?: EditorMode;
  orderId?: number | null;
  draftId?: number | null;
}): string {
  const query = new URLSearchParams();
  if (of.draftId) query.set('draft-id', String(of.draftId));
  else if (of.mode && of.mode !== 'new' && of.orderId) {
    query.set('mode', of.mode);
    query.set('order-id', String(of.orderId));
  }
  if (of.formKey) query.set('form-key', of.formKey);
  const search = query.toString();
  return search ? `${ORDER_CREATE_PATH}?${search}` : ORDER_CREATE_PATH;
}
