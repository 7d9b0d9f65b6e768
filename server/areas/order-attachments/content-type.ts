import { Readable } from 'node:stream';
import { fileTypeFromStream } from 'file-type';
import type { AttachmentType } from '../../../src/contract/order-attachments/schemas.ts';
import type { Params } from '../../../src/contract/messages.ts';
import { type ApiError, invalidField } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import type { FileStorage } from '../../core/storage.ts';
import { checkCsv } from './csv-check.ts';
import { checkOoxml, OOXML_LIMITS } from './ooxml-check.ts';

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

/** The types an attachment may be, as the refusal names them. */
export const ACCEPTED = 'PDF, JPEG, PNG, XLSX, DOCX, CSV';

export type Detected =
  /** `media`: the media type to store and serve it with (a CSV names its charset). */
  | { ok: true; type: AttachmentType; media: string }
  /** Not an accepted type: `found` names what it is (`exe`, `zip`, `text`, `binary` …). */
  | { ok: false; found: string }
  /** An accepted type's form, but not sound: the message says what is wrong. */
  | { ok: false; found: null; message: ServerMessage; params?: Params };

/**
 * What a stored file is, from its bytes (never the claimed type): a type file-type recognises by
 * its magic numbers, an XLSX or DOCX only when its zip is sound and within bounds
 * (ooxml-check.ts), or CSV when it is delimited text named `.csv` (csv-check.ts). A refusal
 * says what it was found to be instead, or what is wrong with it.
 */
export async function detectType(
  storage: FileStorage,
  file: { key: string; name: string; size: number },
): Promise<Detected> {
  const magic = await fileTypeFromStream(
    Readable.toWeb(storage.open(file.key)) as ReadableStream<Uint8Array>,
  );
  if (magic) {
    const type = BY_MIME[magic.mime];
    if (!type) return { ok: false, found: magic.ext };
    if (type !== 'xlsx' && type !== 'docx') return { ok: true, type, media: TYPES[type].media };
    const problem = await checkOoxml(storage, file.key, file.size, type);
    if (!problem) return { ok: true, type, media: TYPES[type].media };
    const params = { type: type.toUpperCase(), mb: OOXML_LIMITS.totalBytes / (1024 * 1024) };
    return {
      ok: false,
      found: null,
      message:
        problem === 'too-large'
          ? 'This {type} file unpacks to more than {mb} MB, or is packed suspiciously tightly'
          : 'This {type} file is not a well-formed Office document',
      params,
    };
  }
  const csv = await checkCsv(storage, file.key);
  if (!csv.ok && csv.why === 'binary') return { ok: false, found: 'binary' };
  if (!/\.csv$/i.test(file.name.trim())) return { ok: false, found: 'text' };
  if (csv.ok) return { ok: true, type: 'csv', media: `text/csv; charset=${csv.charset}` };
  if (csv.why === 'malformed')
    return {
      ok: false,
      found: null,
      message:
        'This CSV file is not well-formed (line {line}): each line needs as many columns as the first, and quotes in pairs',
      params: { line: csv.line },
    };
  return {
    ok: false,
    found: null,
    message:
      'This file is text, not CSV: a CSV file has at least two columns separated by commas, semicolons or tabs',
  };
}

/** The 422 of a refused file (the field `file`). */
export function refusedFile(detected: Exclude<Detected, { ok: true }>): ApiError {
  if (detected.found === null) return invalidField('file', detected.message, detected.params);
  return invalidField('file', 'This file is not one of {types} (its content is {found})', {
    types: ACCEPTED,
    found: detected.found,
  });
}
