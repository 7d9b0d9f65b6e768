import * as ops from '../contract/order-attachments/operations.ts';
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
  followDownload(link.url, link.name);
}

/**
 * Opens a signed link as a download, without leaving the page. `name` must not be empty: the
 * portal's router takes over clicks on links whose `download` is empty (the server's
 * Content-Disposition still names the file).
 */
export function followDownload(url: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = signedHref(url);
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
