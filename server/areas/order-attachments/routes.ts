import { Readable } from 'node:stream';
import { Code } from '../../../src/contract/codes.ts';
import * as ops from '../../../src/contract/order-attachments/operations.ts';
import { ApiError, forbidden, invalidField, notFound } from '../../core/errors.ts';
import { FileMissing } from '../../core/storage.ts';
import { removeQuietly } from '../../core/storage-cleanup.ts';
import { apiAnswer } from '../../http/answer.ts';
import { handle, signerOf } from '../../http/route.ts';
import { withOrderLocked } from '../orders/lock.ts';
import { attachmentContent } from '../signatures/content.ts';
import { recordSignature } from '../signatures/record.ts';
import { auditActor, customerActor } from '../orders/write.ts';
import type { SessionRecord } from '../../core/session.ts';
import { assertOpenForDocuments, attachmentsOf, keepUpload, ownOrder, shownFileName } from './attachments.ts';
import { kindStates, refreshAttachmentStatus, requiredKinds } from './attachment-state.ts';
import { attentionList } from './attention.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { checkLink, signLink } from './signed-link.ts';

const actorOf = (session: SessionRecord) => ({
  kind: 'customer' as const,
  uid: session.uid,
  name: session.name,
});

/** The file `fileId` of the session's customer with its attachment, or 404. */
async function ownFile(db: Parameters<typeof ownOrder>[0], cuId: number | null, fileId: number) {
  const file = cuId
    ? await db
        .selectFrom('files as f')
        .leftJoin('order_attachments as a', 'a.file_id', 'f.file_id')
        .select([
          'f.file_id',
          'f.name',
          'f.storage_key',
          'a.id as attachment_id',
          'a.order_id',
          'a.status',
          'a.source',
          'a.kind',
        ])
        .where('f.file_id', '=', fileId)
        .where('f.cu_id', '=', cuId)
        .executeTakeFirst()
    : undefined;
  if (!file) throw notFound('No such file');
  return file;
}

/** Whether the user may audit the customer's documents (`user_customers.can_approve`). */
async function canApprove(db: Parameters<typeof ownOrder>[0], uid: number, cuId: number | null) {
  if (!cuId) return false;
  const row = await db
    .selectFrom('user_customers')
    .select('can_approve')
    .where('uid', '=', uid)
    .where('cu_id', '=', cuId)
    .executeTakeFirst();
  return row?.can_approve === true;
}

/**
 * `order-attachments`: the attachments of orders (see docs/api.md "Attachments"). Every call is scoped
 * to the session's customer: another customer's order or file answers 404 and changes nothing.
 */
export const routes = [
  handle(ops.attentionList, ({ input, session, deps }) => attentionList(deps.db, session.cuId, input)),

  handle(ops.uploadAttachment, async ({ input, session, deps, now, file }) => {
    const order = await ownOrder(deps.db, session.cuId, input.id);
    assertOpenForDocuments(order);
    const target = { id: order.id, cuId: order.cu_id };
    const kept = await keepUpload(deps, target, input.kind, file!, actorOf(session), now);
    return { attachment: kept.attachment, attachment_status: kept.attachment_status };
  }),

  handle(ops.uploadPrintScan, async ({ input, session, deps, now, file }) => {
    const order = await ownOrder(deps.db, session.cuId, input.id);
    assertOpenForDocuments(order);
    const target = { id: order.id, cuId: order.cu_id };
    const kept = await keepUpload(deps, target, 'print_scan', file!, actorOf(session), now);
    return { attachment: kept.attachment, attachment_status: kept.attachment_status };
  }),

  handle(ops.auditList, async ({ input, session, deps }) => {
    const order = await ownOrder(deps.db, session.cuId, input.id);
    const list = await attachmentsOf(deps.db, [order.id]);
    return {
      id: order.id,
      order_no: order.order_no,
      attachment_status: order.attachment_status,
      kinds: kindStates(await requiredKinds(deps.db, order.id), list),
      list,
      can_audit: await canApprove(deps.db, session.uid, session.cuId),
    };
  }),

  handle(ops.auditAttachment, async (call) => {
    const { input, session, deps, now } = call;
    const signer = signerOf(call);
    const found = session.cuId
      ? await deps.db
          .selectFrom('order_attachments as a')
          .innerJoin('orders as o', 'o.id', 'a.order_id')
          .innerJoin('files as f', 'f.file_id', 'a.file_id')
          .select(['a.id', 'a.order_id', 'a.status', 'a.kind', 'f.name', 'o.status as order_status'])
          .where('a.id', '=', input.id)
          .where('o.cu_id', '=', session.cuId)
          .executeTakeFirst()
      : undefined;
    if (!found) throw notFound('No such attachment');
    if (!(await canApprove(deps.db, session.uid, session.cuId)))
      throw forbidden('Only an approver of this customer account may audit documents');
    const reason = input.reason.trim();
    if (!input.pass && reason === '')
      throw invalidField('reason', 'Please give the reason for the rejection');
    if (found.status !== 'pending')
      throw new ApiError(Code.conflict, 'This document has already been audited');
    const lock = { ids: [found.order_id] };
    return withOrderLocked(
      deps.db,
      lock,
      () => notFound('No such attachment'),
      async (trx, order, audit) => {
        const changed = await trx
          .updateTable('order_attachments')
          .set({
            status: input.pass ? 'approved' : 'rejected',
            reason: input.pass ? '' : reason,
            audited_by: session.name,
            audited_at: now,
          })
          .where('id', '=', found.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) {
          // audited meanwhile (409), or deleted meanwhile (404)
          const still = await trx
            .selectFrom('order_attachments')
            .select('id')
            .where('id', '=', found.id)
            .executeTakeFirst();
          if (!still) throw notFound('No such attachment');
          throw new ApiError(Code.conflict, 'This document has already been audited');
        }
        // the reviewer signs the document as it is: its bytes' hash, kind and name
        const signature = await recordSignature(
          trx,
          signer,
          {
            cuId: order.cu_id,
            recordType: 'attachment',
            recordId: found.id,
            content: await attachmentContent(trx, found.id),
          },
          now,
        );
        await trx
          .insertInto('order_events')
          .values({
            order_id: found.order_id,
            at: now,
            kind: input.pass ? 'attachment_approved' : 'attachment_rejected',
            status_from: null,
            status_to: null,
            actor_kind: 'customer',
            actor_name: session.name,
            uid: session.uid,
            reason: input.pass ? `${found.kind}: ${found.name}` : `${found.kind}: ${found.name}: ${reason}`,
            signature_id: signature.id,
          })
          .execute();
        const status = await refreshAttachmentStatus(trx, found.order_id);
        audit.record({
          cuId: order.cu_id,
          recordType: 'order',
          recordId: order.id,
          action: input.pass ? 'attachment_approve' : 'attachment_reject',
          actor: auditActor(customerActor(session)),
          reason: input.pass ? null : reason,
          changes: [
            {
              field: `attachments.${found.id}`,
              old: { kind: found.kind, name: found.name, status: 'pending' },
              new: { kind: found.kind, name: found.name, status: input.pass ? 'approved' : 'rejected' },
            },
            { field: 'attachment_status', old: order.attachment_status, new: status },
            signature.change,
          ],
        });
        const [attachment] = await attachmentsOf(trx, [found.order_id], [found.id]);
        return { attachment: attachment!, attachment_status: status };
      },
      now,
    );
  }),

  handle(ops.attachmentLink, async ({ input, session, deps, now }) => {
    const file = await ownFile(deps.db, session.cuId, input.file_id);
    return { ...(await signLink(deps.db, file.file_id, now)), name: await shownFileName(deps.db, file) };
  }),

  handle(ops.commonAttachmentLink, async ({ input, session, deps, now }) => {
    const file = await ownFile(deps.db, session.cuId, input.file_id);
    return { ...(await signLink(deps.db, file.file_id, now)), name: await shownFileName(deps.db, file) };
  }),

  handle(ops.downloadFile, async ({ input, deps, now }) => {
    const check = await checkLink(deps.db, input, now);
    if (check === 'expired') throw forbidden('This download link has expired, please download again');
    if (check !== 'ok') throw forbidden('This download link is not valid');
    const file = await deps.db
      .selectFrom('files as f')
      .leftJoin('order_attachments as a', 'a.file_id', 'f.file_id')
      .select(['f.name', 'f.media_type', 'f.size', 'f.storage_key', 'a.order_id', 'a.source'])
      .where('f.file_id', '=', input.f)
      .executeTakeFirst();
    if (!file) throw notFound('No such file');
    const name = await shownFileName(deps.db, file);
    let body: ReadableStream<Uint8Array>;
    try {
      body = Readable.toWeb(deps.storage.open(file.storage_key)) as ReadableStream<Uint8Array>;
    } catch (error) {
      if (error instanceof FileMissing) throw notFound('No such file');
      throw error;
    }
    return apiAnswer(deps.config, body, {
      'content-type': file.media_type,
      'content-length': String(file.size),
      'content-disposition': contentDisposition(name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  }),

  handle(ops.deleteFile, async ({ input, session, deps, now }) => {
    const file = await ownFile(deps.db, session.cuId, input.file_id);
    if (file.order_id === null || file.source !== 'customer')
      throw new ApiError(Code.conflict, 'Only documents your account uploaded can be deleted');
    if (file.status === 'approved')
      throw new ApiError(Code.conflict, 'An approved document cannot be deleted');
    const orderId = file.order_id;
    const status = await withOrderLocked(
      deps.db,
      { ids: [orderId] },
      () => notFound('No such file'),
      async (trx, order, audit) => {
        const gone = await trx
          .deleteFrom('order_attachments')
          .where('id', '=', file.attachment_id!)
          .where('status', '!=', 'approved')
          .returning('status')
          .executeTakeFirst();
        if (!gone) {
          // deleted meanwhile (404), or approved meanwhile (409)
          const still = await trx
            .selectFrom('order_attachments')
            .select('id')
            .where('id', '=', file.attachment_id!)
            .executeTakeFirst();
          if (!still) throw notFound('No such file');
          throw new ApiError(Code.conflict, 'An approved document cannot be deleted');
        }
        await trx.deleteFrom('files').where('file_id', '=', file.file_id).execute();
        await trx
          .insertInto('order_events')
          .values({
            order_id: orderId,
            at: now,
            kind: 'attachment_deleted',
            status_from: null,
            status_to: null,
            actor_kind: 'customer',
            actor_name: session.name,
            uid: session.uid,
            reason: `${file.kind}: ${file.name}: ${input.reason}`,
          })
          .execute();
        const status = await refreshAttachmentStatus(trx, orderId);
        audit.record({
          cuId: order.cu_id,
          recordType: 'order',
          recordId: order.id,
          action: 'attachment_delete',
          actor: auditActor(customerActor(session)),
          reason: input.reason,
          changes: [
            {
              field: `attachments.${file.attachment_id}`,
              // its status as the delete found it (it may have been audited since it was first read)
              old: { kind: file.kind, name: file.name, status: gone.status },
              new: null,
            },
            { field: 'attachment_status', old: order.attachment_status, new: status },
          ],
        });
        return status;
      },
      now,
    );
    // Committed: the answer is a success even when the bytes cannot be removed now (the orphan
    // sweep removes them later: core/storage-cleanup.ts).
    await removeQuietly(deps.storage, file.storage_key);
    return { attachment_status: status };
  }),

  handle(ops.providerDocument, async ({ input, deps, now, file }) => {
    const kept = await keepUpload(
      deps,
      { orderNo: input.order_no },
      input.kind,
      file!,
      { kind: 'provider', uid: null, name: 'LP' },
      now,
    );
    const { attachment } = kept;
    return {
      id: attachment.id,
      file_id: attachment.file_id,
      name: attachment.name,
      media_type: attachment.media_type,
      sha256: kept.sha256,
      attachment_status: kept.attachment_status,
    };
  }),
];
