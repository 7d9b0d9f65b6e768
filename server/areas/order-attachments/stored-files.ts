import { invalidField } from '../../core/errors.ts';
import type { FileStorage } from '../../core/storage.ts';
import type { DB } from '../../db/database.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { detectType, refusedFile } from './content-type.ts';
import { cleanName } from './file-name.ts';

/** What an accepted upload is kept as: its cleaned name and the media type of its content. */
export interface CheckedFile {
  name: string;
  media: string;
}

/**
 * Checks an uploaded file before anything is written: not empty, of a type decided by its content
 * (422 with what it was found to be otherwise: an executable renamed `.pdf` is refused), its name
 * cleaned. An order's attachments and the editor's pending files both go through here.
 */
export async function checkUpload(storage: FileStorage, file: UploadedFile): Promise<CheckedFile> {
  if (file.size === 0) throw invalidField('file', 'The file is empty');
  const detected = await detectType(storage, file);
  if (!detected.ok) throw refusedFile(detected);
  return { name: cleanName(file.name, detected.type), media: detected.media };
}

/** The `files` row of a checked upload (its SHA-256 and storage key kept), in `trx`: its id. */
export async function insertFileRow(
  trx: DB,
  owner: { cuId: number; uid: number | null },
  file: UploadedFile,
  checked: CheckedFile,
  now: Date,
): Promise<number> {
  const row = await trx
    .insertInto('files')
    .values({
      cu_id: owner.cuId,
      uid: owner.uid,
      name: checked.name,
      media_type: checked.media,
      size: file.size,
      sha256: file.sha256,
      storage_key: file.key,
      created_at: now,
    })
    .returning('file_id')
    .executeTakeFirstOrThrow();
  return row.file_id;
}
