import type { KindState } from '../../../src/contract/order-attachments/schemas.ts';
import type {
  AttachmentKind,
  AttachmentState,
  AttachmentStatus,
} from '../../../src/contract/orders/domain.ts';
import type { DB } from '../../db/database.ts';

export interface AttachmentFacts {
  kind: AttachmentKind;
  status: AttachmentState;
  reason: string;
  uploaded_at: Date | string;
}

/**
 * Where each kind stands: the project's required kinds first, then any other kind the order has.
 * A kind is `pending` while a file of it that is not rejected waits for audit, `approved` when
 * its files that are not rejected are all approved, `rejected` when all its files are rejected
 * (the latest rejection's reason is kept until a new file replaces it), `missing` when a
 * required kind has no file.
 */
export function kindStates(
  required: readonly string[],
  attachments: readonly AttachmentFacts[],
): KindState[] {
  const kinds = [...new Set([...required, ...attachments.map((a) => a.kind)])] as AttachmentKind[];
  return kinds.map((kind) => {
    const mine = attachments.filter((a) => a.kind === kind);
    const live = mine.filter((a) => a.status !== 'rejected');
    if (live.some((a) => a.status === 'pending')) return { kind, state: 'pending', reason: '' };
    if (live.length > 0) return { kind, state: 'approved', reason: '' };
    if (mine.length === 0) return { kind, state: 'missing', reason: '' };
    const latest = [...mine].sort((a, b) => +new Date(b.uploaded_at) - +new Date(a.uploaded_at))[0]!;
    return { kind, state: 'rejected', reason: latest.reason };
  });
}

/** The order's documents as a whole: any required kind missing, else any rejected, else any pending, else approved. */
export function orderAttachmentStatus(states: readonly KindState[]): AttachmentStatus {
  for (const state of ['missing', 'rejected', 'pending'] as const) {
    if (states.some((s) => s.state === state)) return state;
  }
  return 'approved';
}

/** Required kinds of an order's project ([] without a project). */
export async function requiredKinds(db: DB, orderId: number): Promise<string[]> {
  const row = await db
    .selectFrom('orders')
    .leftJoin('projects', 'projects.pr_id', 'orders.pr_id')
    .select('projects.required_attachments')
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  return row?.required_attachments ?? [];
}

/**
 * Recomputes `orders.attachment_status` from the order's attachments and its project's required
 * kinds, in the caller's transaction (every upload, audit and delete calls it before committing).
 * The caller locked the order first (orders/lock.ts), so one change of an order's documents runs
 * at a time and this sees every committed row; an order no one else can see yet (being created)
 * needs no lock.
 */
export async function refreshAttachmentStatus(trx: DB, orderId: number): Promise<AttachmentStatus> {
  const required = await requiredKinds(trx, orderId);
  const attachments = await trx
    .selectFrom('order_attachments')
    .select(['kind', 'status', 'reason', 'uploaded_at'])
    .where('order_id', '=', orderId)
    .execute();
  const status = orderAttachmentStatus(kindStates(required, attachments));
  await trx
    .updateTable('orders')
    .set({ attachment_status: status })
    .where('id', '=', orderId)
    .where('attachment_status', '!=', status)
    .execute();
  return status;
}
