import type { EditorStart } from '../../../src/contract/order-editor/schemas.ts';
import type { DB } from '../../db/database.ts';
import { customerProjects } from '../master-data/projects.ts';
import { loadOrder } from '../orders/detail.ts';
import { EDITABLE, editConflict, wasApproved } from './create.ts';
import { loadDraft, type Owner, toDraft } from './drafts.ts';
import { formOfOrder } from './forms.ts';

/** Wanted times are entered and shown in the customer's time zone (the provider works in China). */
export const CUSTOMER_TIME_ZONE = 'Asia/Shanghai';

/**
 * `GET customer-order/create`: the projects the user may order for (active ones, with their
 * configuration) and the form to start from. `id` + `mode` edit: the order while still editable
 * (409 with its current form otherwise); `id` + `mode` copy: any order of the customer as a new
 * one; `draft_id`: the owner's draft (its mode and order with it). Another customer's order or
 * another user's draft answers 404.
 */
export async function editorStart(
  db: DB,
  owner: Owner,
  query: { id?: number | undefined; mode?: 'edit' | 'copy' | undefined; draft_id?: number | undefined },
): Promise<EditorStart> {
  const projects = (await customerProjects(db, owner.cuId))
    .filter((p) => p.status === 'active')
    .map((p) => ({
      pr_id: p.pr_id,
      protocol_no: p.protocol_no,
      name: p.name,
      status: p.status,
      pinyin: p.pinyin,
      conf: p.conf,
    }));
  const base = { projects, time_zone: CUSTOMER_TIME_ZONE };
  if (query.draft_id !== undefined) {
    const draft = await toDraft(db, await loadDraft(db, owner, query.draft_id));
    const order =
      draft.order_id === null
        ? null
        : await db
            .selectFrom('orders')
            .select(['id', 'order_no', 'version', 'status'])
            .where('id', '=', draft.order_id)
            .where('cu_id', '=', owner.cuId)
            .executeTakeFirst();
    return {
      ...base,
      mode: draft.mode,
      order: order ? { ...order, approved: await wasApproved(db, order) } : null,
      form: draft.data,
      cleared: [],
      draft: {
        id: draft.id,
        version: draft.version,
        idempotency_key: draft.idempotency_key,
        saved_at: draft.saved_at,
      },
    };
  }
  if (query.id !== undefined) {
    const order = await loadOrder(db, owner.cuId, query.id);
    const mode = query.mode ?? 'edit';
    if (mode === 'edit' && !EDITABLE.includes(order.status))
      throw await editConflict(db, order, 'This order can no longer be edited');
    const { form, cleared } = await formOfOrder(db, order);
    if (mode === 'copy') {
      // a copy is a new order: times are chosen again, files belong to the source
      delete form.pickup_at;
      delete form.deliver_by;
    }
    return {
      ...base,
      mode,
      order: {
        id: order.id,
        order_no: order.order_no,
        version: order.version,
        status: order.status,
        approved: await wasApproved(db, order),
      },
      form,
      cleared,
      draft: null,
    };
  }
  return { ...base, mode: 'new', order: null, form: {}, cleared: [], draft: null };
}
