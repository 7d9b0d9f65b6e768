import * as ops from '../contract/order-files/operations.ts';
import { apiBase } from './config.ts';
import { call } from './transport.ts';

/**
 * A signed link from the server (`/api/common/file.html?…`) as the page opens it: below the API
 * base the page uses, so an embedding page's `api-base` holds.
 */
export function signedHref(url: string): string {
  return `${apiBase().replace(/\/+$/, '')}${url.replace(/^\/api(?=\/)/, '')}`;
}

/**
 * Downloads an order's file: asks for a short-lived signed link, then follows it (the server
 * answers it as an attachment, so the page stays where it is).
 */
export async function downloadAttachment(fileId: number): Promise<void> {
  const link = await call(ops.attachmentLink, { file_id: fileId });
  const anchor = document.createElement('a');
  anchor.href = signedHref(link.url);
  anchor.download = link.name;
  anchor.rel = 'noopener';
  anchor.click();
}
