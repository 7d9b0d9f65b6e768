import { Code } from '../../../src/contract/codes.ts';
import type { OrderAttachment } from '../../../src/contract/order-attachments/schemas.ts';
import type { AttachmentKind, AttachmentStatus } from '../../../src/contract/orders/domain.ts';
import { ApiError, notFound } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../http/env.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { withOrderLocked } from '../orders/lock.ts';
import { auditActor } from '../orders/write.ts';
import { redactorsFor } from '../orders/redaction.ts';
import { refreshAttachmentStatus } from './attachment-state.ts';
import { checkUpload, insertFileRow } from './stored-files.ts';

/** Who does something to an order's documents, as its event log records them. */
export interface Actor {
  kind: 'customer' | 'provider';
  uid: number | null;
  name: string;
}

/** The order `id` of customer `cuId`, or 404 (another customer's order is not confirmed to exist). */
export async function ownOrder(db: DB, cuId: number | null, id: number) {
  const order = cuId
    ? await db
        .selectFrom('orders')
        .select(['id', 'order_no', 'cu_id', 'status', 'attachment_status'])
        .where('id', '=', id)
        .where('cu_id', '=', cuId)
        .executeTakeFirst()
    : undefined;
  if (!order) throw notFound('No such order');
  return order;
}

/** A cancelled order's documents no longer change. */
export function assertOpenForDocuments(order: { status: string }): void {
  if (order.status === 'cancelled')
    throw new ApiError(Code.conflict, 'This order is cancelled: its documents can no longer change');
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** A file's name as its viewers see it: redacted when it is a document of a masked order. */
export async function shownFileName(
  db: DB,
  file: { name: string; order_id: number | null; source: 'customer' | 'provider' | null },
): Promise<string> {
  if (file.order_id === null) return file.name;
  return (await redactorsFor(db, [file.order_id]))(file.order_id).fileName(
    file.name,
    file.source ?? 'customer',
  );
}

/**
 * The attachments of `orderIds` (only `onlyIds` among them, when given) as the pages show them,
 * oldest first; on a masked order the names and audit reasons are redacted
 * (server/areas/orders/redaction.ts: a provider's document named after the patient shows
 * `******.pdf`).
 */
export async function attachmentsOf(
  db: DB,
  orderIds: readonly number[],
  onlyIds?: readonly number[],
): Promise<OrderAttachment[]> {
  if (orderIds.length === 0 || onlyIds?.length === 0) return [];
  const redactors = await redactorsFor(db, orderIds);
  let query = db
    .selectFrom('order_attachments as a')
    .innerJoin('files as f', 'f.file_id', 'a.file_id')
    .select([
      'a.id',
      'a.order_id',
      'a.file_id',
      'a.kind',
      'a.status',
      'a.reason',
      'a.source',
      'a.uploaded_at',
      'a.audited_at',
      'a.audited_by',
      'f.name',
      'f.size',
      'f.media_type',
    ])
    .where('a.order_id', 'in', orderIds);
  if (onlyIds) query = query.where('a.id', 'in', onlyIds);
  const rows = await query.orderBy('a.uploaded_at').orderBy('a.id').execute();
  return rows.map((r) => ({
    id: r.id,
    order_id: r.order_id,
    file_id: r.file_id,
    kind: r.kind,
    status: r.status,
    reason: redactors(r.order_id).text(r.reason, 'customer'),
    name: redactors(r.order_id).fileName(r.name, r.source),
    size: Number(r.size),
    media_type: r.media_type,
    source: r.source,
    uploaded_at: iso(r.uploaded_at)!,
    audited_at: iso(r.audited_at),
    audited_by: r.audited_by,
    deletable: r.source === 'customer' && r.status !== 'approved',
  }));
}

/** The order an upload is for: the customer's order by id, or (the provider) any order by number. */
export type UploadTarget = { id: number; cuId: number } | { orderNo: string };

/**
 * Keeps an uploaded file as an attachment of the order of `target`: its type decided by its
 * content (422 with what it was found to be otherwise: an executable renamed `.pdf` is refused),
 * its name cleaned, its SHA-256 kept; then, in one transaction that locks the order first
 * (orders/lock.ts), the file, the attachment, the event and the order's attachment status. The
 * answer is read inside that transaction, so a committed upload is never answered with an
 * error. 404 when there is no such order; 409 when a customer's order is cancelled meanwhile.
 * When this fails the pipeline removes the stored bytes, unless a committed row names them
 * (storage-cleanup.ts).
 */
export async function keepUpload(
  deps: AppDeps,
  target: UploadTarget,
  kind: AttachmentKind,
  file: UploadedFile,
  actor: Actor,
  now: Date,
): Promise<{ attachment: OrderAttachment; attachment_status: AttachmentStatus; sha256: string }> {
  const checked = await checkUpload(deps.storage, file);
  const lockTarget = 'orderNo' in target ? target : { ids: [target.id], cuId: target.cuId };
  return withOrderLocked(
    deps.db,
    lockTarget,
    () => notFound('No such order'),
    async (trx, order, audit) => {
      if (actor.kind === 'customer') assertOpenForDocuments(order);
      const fileId = await insertFileRow(trx, { cuId: order.cu_id, uid: actor.uid }, file, checked, now);
      const attachment = await trx
        .insertInto('order_attachments')
        .values({
          order_id: order.id,
          file_id: fileId,
          kind,
          source: actor.kind,
          uploaded_by: actor.uid,
          uploaded_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('order_events')
        .values({
          order_id: order.id,
          at: now,
          kind: 'attachment_uploaded',
          status_from: null,
          status_to: null,
          actor_kind: actor.kind,
          actor_name: actor.name,
          uid: actor.uid,
          reason: `${kind}: ${checked.name}`,
        })
        .execute();
      const status = await refreshAttachmentStatus(trx, order.id);
      audit.record({
        cuId: order.cu_id,
        recordType: 'order',
        recordId: order.id,
        action: 'attachment_upload',
        actor: auditActor(actor),
        changes: [
          {
            field: `attachments.${attachment.id}`,
            old: null,
            new: { kind, name: checked.name, size: file.size, sha256: file.sha256, status: 'pending' },
          },
          { field: 'attachment_status', old: order.attachment_status, new: status },
        ],
      });
      const [kept] = await attachmentsOf(trx, [order.id], [attachment.id]);
      return { attachment: kept!, attachment_status: status, sha256: file.sha256 };
    },
    now,
  );
}
