import type { PendingFileAnswer } from '../../../src/contract/order-editor/schemas.ts';
import type { CUSTOMER_KINDS } from '../../../src/contract/order-attachments/limits.ts';

type AttachmentKind = (typeof CUSTOMER_KINDS)[number];
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../http/env.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { removeQuietly } from '../../core/storage-cleanup.ts';
import { refreshAttachmentStatus } from '../order-attachments/attachment-state.ts';
import { checkUpload, insertFileRow } from '../order-attachments/stored-files.ts';
import type { Owner } from './drafts.ts';

/** A file never attached to an order is removed this long after its upload. */
export const PENDING_FILE_TTL_MS = 24 * 3_600_000;

/**
 * `common/file`: keeps an uploaded document before its order exists, owned by the user in the
 * customer. Its type is decided by its content (422 otherwise), its name cleaned, its SHA-256
 * kept, as for an order's attachments.
 */
export async function keepPendingFile(
  deps: AppDeps,
  owner: Owner,
  kind: AttachmentKind,
  file: UploadedFile,
  now: Date,
): Promise<PendingFileAnswer> {
  const checked = await checkUpload(deps.storage, file);
  const fileId = await deps.db.transaction().execute(async (trx) => {
    const id = await insertFileRow(trx, owner, file, checked, now);
    await trx
      .insertInto('pending_files')
      .values({ file_id: id, uid: owner.uid, cu_id: owner.cuId, kind, created_at: now })
      .execute();
    return id;
  });
  return { file_id: fileId, kind, name: checked.name, size: file.size, media_type: checked.media };
}

/**
 * Attaches the owner's pending files to a new or edited order (each with the kind the form
 * chose, `pending` audit like any customer upload), in the caller's transaction, and recomputes
 * the order's attachment status.
 */
export async function attachPendingFiles(
  db: DB,
  owner: Owner,
  order: { id: number },
  files: ReadonlyArray<{ file_id: number; kind: AttachmentKind }>,
  actor: { uid: number; name: string },
  now: Date,
): Promise<Array<{ id: number; kind: AttachmentKind; name: string; size: number; sha256: string }>> {
  const attached: Array<{ id: number; kind: AttachmentKind; name: string; size: number; sha256: string }> =
    [];
  for (const f of files) {
    const removed = await db
      .deleteFrom('pending_files')
      .where('file_id', '=', f.file_id)
      .where('uid', '=', owner.uid)
      .where('cu_id', '=', owner.cuId)
      .returning('file_id')
      .executeTakeFirst();
    if (!removed) continue;
    const file = await db
      .selectFrom('files')
      .select(['name', 'size', 'sha256'])
      .where('file_id', '=', f.file_id)
      .executeTakeFirstOrThrow();
    const attachment = await db
      .insertInto('order_attachments')
      .values({
        order_id: order.id,
        file_id: f.file_id,
        kind: f.kind,
        source: 'customer',
        uploaded_by: actor.uid,
        uploaded_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    attached.push({
      id: attachment.id,
      kind: f.kind,
      name: file.name,
      size: Number(file.size),
      sha256: file.sha256,
    });
    await db
      .insertInto('order_events')
      .values({
        order_id: order.id,
        at: now,
        kind: 'attachment_uploaded',
        status_from: null,
        status_to: null,
        actor_kind: 'customer',
        actor_name: actor.name,
        uid: actor.uid,
        reason: `${f.kind}: ${file.name}`,
      })
      .execute();
  }
  await refreshAttachmentStatus(db, order.id);
  return attached;
}

/**
 * Removes the files uploaded more than a day before `now` and never attached (rows and stored
 * bytes), at most `max` at a time (the hourly chore takes up to 200, each upload 20). Each file
 * goes in a transaction of its own that first takes its `pending_files` row: a file attached
 * meanwhile (its row taken by the order's transaction) is left alone, and its bytes with it.
 * Answers how many went.
 */
export async function removeStalePendingFiles(deps: AppDeps, now: Date, max = 200): Promise<number> {
  const cutoff = new Date(now.getTime() - PENDING_FILE_TTL_MS);
  const stale = await deps.db
    .selectFrom('pending_files')
    .select('file_id')
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(max)
    .execute();
  let removed = 0;
  for (const { file_id } of stale) {
    const key = await deps.db.transaction().execute(async (trx) => {
      const taken = await trx
        .deleteFrom('pending_files')
        .where('file_id', '=', file_id)
        .where('created_at', '<', cutoff)
        .returning('file_id')
        .executeTakeFirst();
      if (!taken) return null;
      const file = await trx
        .deleteFrom('files')
        .where('file_id', '=', file_id)
        .returning('storage_key')
        .executeTakeFirst();
      return file?.storage_key ?? null;
    });
    if (key === null) continue;
    await removeQuietly(deps.storage, key);
    removed++;
  }
  return removed;
}
