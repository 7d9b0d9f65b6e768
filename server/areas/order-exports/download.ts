import { Readable } from 'node:stream';
import { Code } from '../../../src/contract/codes.ts';
import { XLSX_TYPE } from '../../../src/contract/order-exports/operations.ts';
import { apiAnswer } from '../../http/answer.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { ApiError } from '../../core/errors.ts';
import { type SignedParams, signingKey, verify } from '../../core/signed-links.ts';
import { FileMissing } from '../../core/storage.ts';
import type { AppDeps } from '../../http/env.ts';
import { FILE_PURPOSE } from './jobs.ts';

/**
 * The file of a signed link: 403 when the link is not genuine or has expired, 404 when the export
 * is gone (deleted) or not made yet. Sent as an attachment that no browser sniffs or caches.
 */
export async function downloadFile(deps: AppDeps, link: SignedParams, now: Date): Promise<Response> {
  if (!verify(await signingKey(deps.db), FILE_PURPOSE, link, now)) {
    throw new ApiError(Code.forbidden, 'This download link is not valid or has expired');
  }
  const job = await deps.db
    .selectFrom('export_jobs')
    .select(['name', 'storage_key', 'size'])
    .where('id', '=', link.id)
    .where('status', '=', 'done')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!job?.storage_key) throw new ApiError(Code.notFound, 'No such export');
  let body: Readable;
  try {
    body = deps.storage.open(job.storage_key);
  } catch (error) {
    if (error instanceof FileMissing) throw new ApiError(Code.notFound, 'No such export');
    throw error;
  }
  return apiAnswer(deps.config, Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    'content-type': XLSX_TYPE,
    'content-disposition': contentDisposition(job.name),
    ...(job.size === null ? {} : { 'content-length': String(job.size) }),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
}
