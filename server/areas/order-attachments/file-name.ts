import type { AttachmentType } from '../../../src/contract/order-attachments/schemas.ts';
import { TYPES } from './content-type.ts';

/** A stored name has at most this many characters before its extension. */
export const NAME_MAX = 100;

/**
 * Characters a name must not carry: control characters, bidirectional overrides, embeddings and
 * isolates (`invoice\u202Efdp.exe` shows as `invoiceexe.pdf`), zero-width characters and the byte
 * order mark, and what file systems refuse.
 */
const UNSAFE = /[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/gu;
const RESERVED = /[<>:"|?*]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * The name a file is stored and downloaded under: the last part of what the client sent (no
 * folders), without unsafe characters, trimmed, its stem at most 100 characters, and the
 * extension of the type its content was found to be (`report.exe` that is a PDF → `report.pdf`).
 */
export function cleanName(given: string, type: AttachmentType): string {
  const ext = TYPES[type].ext;
  const base = given.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let stem = base.replace(UNSAFE, '').replace(RESERVED, '_').trim();
  // the extension it claims goes (jpeg and jpg are one)
  stem = stem.replace(/(?<=[^.\s])\.[^.\s]{1,8}$/, '');
  stem = stem.replace(/^[.\s]+|[.\s]+$/g, '');
  const chars = [...stem];
  if (chars.length > NAME_MAX) stem = chars.slice(0, NAME_MAX).join('').trimEnd();
  if (stem === '' || WINDOWS_DEVICE.test(stem)) stem = stem === '' ? 'file' : `_${stem}`;
  return `${stem}.${ext}`;
}
