import type { AttachmentKind, AttachmentState } from '../../src/contract/orders/domain.ts';
import { refreshAttachmentStatus } from '../areas/order-attachments/attachment-state.ts';
import type { AppDeps } from '../http/env.ts';
import { SAMPLES } from './file-fixtures.ts';
import { createOrder, createProject } from './order-fixtures.ts';

export interface AttachmentOrderSpec {
  /** The project's required kinds. */
  required: AttachmentKind[];
  /** Files already there (a small PDF each). */
  files?: { kind: AttachmentKind; status: AttachmentState; reason?: string; name: string }[];
  is_dtp?: 0 | 1 | 3;
}

/**
 * Orders of customer `cuId` with their projects and files, their attachment status computed as
 * the server does (element tests: `lp-attachment-orders`). Answers the orders' ids and numbers.
 */
export async function createAttachmentOrders(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  cuId: number,
  specs: readonly AttachmentOrderSpec[],
): Promise<{ id: number; order_no: string; to_company: string }[]> {
  const out: { id: number; order_no: string; to_company: string }[] = [];
  for (const spec of specs) {
    const project = await createProject(deps.db, cuId, { required_attachments: spec.required });
    const order = await createOrder(deps.db, cuId, { pr_id: project.pr_id, is_dtp: spec.is_dtp ?? 0 });
    for (const file of spec.files ?? []) {
      const content = SAMPLES.pdf();
      const stored = await deps.storage.put(content);
      const row = await deps.db
        .insertInto('files')
        .values({
          cu_id: cuId,
          uid: null,
          name: file.name,
          media_type: 'application/pdf',
          size: stored.size,
          sha256: stored.sha256,
          storage_key: stored.key,
        })
        .returning('file_id')
        .executeTakeFirstOrThrow();
      await deps.db
        .insertInto('order_attachments')
        .values({
          order_id: order.id,
          file_id: row.file_id,
          kind: file.kind,
          status: file.status,
          reason: file.reason ?? '',
          audited_by: file.status === 'pending' ? null : '审核员',
          audited_at: file.status === 'pending' ? null : new Date(),
        })
        .execute();
    }
    await deps.db.transaction().execute((trx) => refreshAttachmentStatus(trx, order.id));
    out.push({ id: order.id, order_no: order.order_no, to_company: order.to_company });
  }
  return out;
}
