import { call } from '../../api/transport.ts';
import { upload, type UploadProgress } from '../../api/upload.ts';
import * as ops from '../../contract/order-attachments/operations.ts';
import { ATTACHMENT_MAX_BYTES } from '../../contract/order-attachments/limits.ts';
import type {
  AttentionList,
  AttentionState,
  StatusAnswer,
  UploadAnswer,
} from '../../contract/order-attachments/schemas.ts';
import type { AttachmentKind } from '../../contract/orders/domain.ts';

export const PAGE_SIZE = 10;

/** A page of the orders whose documents are in `state`, with the counts of every state. */
export const loadAttention = (
  state: AttentionState,
  page: number,
  signal?: AbortSignal,
): Promise<AttentionList> =>
  call(
    ops.attentionList,
    { state, currentPage: page, limit: PAGE_SIZE },
    signal ? { signal, quiet: true } : { quiet: true },
  );

/** True when a file may be sent at all (the server decides its type by its content). */
export const fitsLimit = (file: File): boolean => file.size <= ATTACHMENT_MAX_BYTES;

/**
 * Uploads one file of `kind` to order `orderId` with progress (failures are shown by the caller);
 * the signed print-out goes through its own call.
 */
export const uploadAttachment = (
  orderId: number,
  kind: AttachmentKind,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<UploadAnswer> =>
  kind === 'print_scan'
    ? upload<UploadAnswer>(ops.uploadPrintScan.path, {
        file,
        fields: { id: orderId },
        onProgress,
        signal,
        quiet: true,
      })
    : upload<UploadAnswer>(ops.uploadAttachment.path, {
        file,
        fields: { id: orderId, kind },
        onProgress,
        signal,
        quiet: true,
      });

/** Deletes a document the customer uploaded, saying why (kept in the order's history and trail). */
export const deleteAttachment = (fileId: number, reason: string): Promise<StatusAnswer> =>
  call(ops.deleteFile, { file_id: fileId, reason });

export { downloadAttachment } from '../../api/files.ts';
