import { Readable } from 'node:stream';
import { fileTypeFromStream } from 'file-type';
import type { AttachmentType } from '../../../src/contract/order-files/schemas.ts';
import type { FileStorage } from '../../core/storage.ts';

/** The media type and extension a detected type is stored and served with. */
export const TYPES: Readonly<Record<AttachmentType, { media: string; ext: string }>> = {
  pdf: { media: 'application/pdf', ext: 'pdf' },
  jpg: { media: 'image/jpeg', ext: 'jpg' },
  png: { media: 'image/png', ext: 'png' },
  xlsx: { media: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  docx: { media: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  csv: { media: 'text/csv; charset=utf-8', ext: 'csv' },
};

/**
 * file-type's answers we accept. XLSX and DOCX are zip containers: file-type names them so only
 * when the archive's `[Content_Types].xml` declares the workbook's or document's main part (a
 * plain zip, a jar or an .xlsm is something else and refused).
 */
const BY_MIME: Readonly<Record<string, AttachmentType>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  [TYPES.xlsx.media]: 'xlsx',
  [TYPES.docx.media]: 'docx',
};

export type Detected = { ok: true; type: AttachmentType } | { ok: false; found: string };

/**
 * What a stored file is, from its bytes alone (never its name or the claimed type): a type
 * file-type recognises by its magic numbers, or CSV when it is UTF-8 text with no NUL and no
 * other control characters than tab, CR and LF. `found` names what it was instead.
 */
export async function detectType(storage: FileStorage, key: string): Promise<Detected> {
  const magic = await fileTypeFromStream(Readable.toWeb(storage.open(key)) as ReadableStream<Uint8Array>);
  if (magic) {
    const type = BY_MIME[magic.mime];
    return type ? { ok: true, type } : { ok: false, found: magic.ext };
  }
  return (await isUtf8Text(storage, key)) ? { ok: true, type: 'csv' } : { ok: false, found: 'binary' };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

async function isUtf8Text(storage: FileStorage, key: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let any = false;
  try {
    for await (const chunk of storage.open(key) as AsyncIterable<Uint8Array>) {
      const text = decoder.decode(chunk, { stream: true });
      if (CONTROL.test(text)) return false;
      any ||= chunk.byteLength > 0;
    }
    decoder.decode();
  } catch {
    return false;
  }
  return any;
}
