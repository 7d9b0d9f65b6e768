import type { Context } from 'hono';
import type { UploadSpec } from '../../src/contract/operation.ts';
import { Code } from '../../src/contract/codes.ts';
import { ApiError, badRequest } from '../core/errors.ts';
import { type FileStorage, FileTooLarge, type Stored } from '../core/storage.ts';
import { type BodyPace, bodyChunks, decodeUtf8, requireUtf8, tooLarge } from './body.ts';
import { requestHeader } from './request-header.ts';
import { refuseReservedKey } from './reserved-keys.ts';

/** The file of a multipart call as stored: its key, size, SHA-256 and what the client said of it. */
export interface UploadedFile extends Stored {
  /** The file name the client sent (not cleaned: see the area's own rules). */
  name: string;
  /** The media type the client claimed (never trusted). */
  claimedType: string;
}

export interface MultipartBody {
  /** The text fields, a repeated one as a list (no schema accepts that). */
  fields: Record<string, string | string[]>;
  file: UploadedFile | null;
}

/** Room for the text fields, part headers and boundaries on top of the file. */
export const MULTIPART_OVERHEAD = 64 * 1024;
const MAX_FIELDS = 32;
const MAX_FIELD_BYTES = 8 * 1024;
const MAX_HEADER_BYTES = 8 * 1024;

const truncated = () => badRequest('The form body could not be read');

/** `boundary=…` of a `multipart/form-data` content type, or null. */
export function boundaryOf(contentType: string): string | null {
  const [type, ...params] = contentType.split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'boundary') continue;
    const value = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    // RFC 2046 boundary characters, 1–70 of them, not ending in a space.
    return /^[\w'()+,./:=? -]{0,69}[\w'()+,./:=?-]$/.test(value) ? value : null;
  }
  return null;
}

/** A quoted or bare parameter of a part's Content-Disposition. */
function param(header: string, name: string): string | null {
  const match = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(header);
  if (!match) return null;
  // Browsers send a quoted value as it is, with `"`, CR and LF percent-encoded (HTML's form
  // encoding), and a backslash as itself (a Windows path keeps its separators).
  const quoted = match[1];
  if (quoted === undefined) return match[2] ?? '';
  return quoted.replace(/%(22|0D|0A)/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

interface PartHeaders {
  name: string;
  filename: string | null;
  type: string;
}

function parseHeaders(block: string): PartHeaders {
  let disposition = '';
  let type = '';
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type') type = value;
  }
  if (!/^form-data\s*(;|$)/i.test(disposition)) throw truncated();
  const name = param(disposition, 'name');
  if (name === null) throw truncated();
  const star = param(disposition, 'filename\\*');
  let filename = param(disposition, 'filename');
  if (star) {
    const encoded = /^utf-8'[^']*'(.*)$/i.exec(star);
    if (encoded) {
      try {
        filename = decodeURIComponent(encoded[1] ?? '');
      } catch {
        // keep the plain filename
      }
    }
  }
  return { name, filename, type };
}

/**
 * A streaming reader of one multipart body: parts one after another, each part's content as
 * chunks that must be read before the next part is asked for. Holds at most one chunk and the
 * delimiter's length of bytes at a time.
 */
class PartReader {
  private buf: Buffer = Buffer.alloc(0);
  private readonly delimiter: Buffer;

  constructor(
    private readonly chunks: AsyncIterator<Uint8Array>,
    boundary: string,
    private readonly onBytes: (chunk: Uint8Array) => void,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  private async more(): Promise<void> {
    const { done, value } = await this.chunks.next();
    if (done) throw truncated();
    this.onBytes(value);
    this.buf = this.buf.length === 0 ? Buffer.from(value) : Buffer.concat([this.buf, value]);
  }

  /** Reads up to the first boundary (a preamble is skipped). */
  async start(): Promise<void> {
    const first = this.delimiter.subarray(2);
    for (;;) {
      const at = this.buf.indexOf(first);
      if (at >= 0) {
        this.buf = this.buf.subarray(at + first.length);
        return;
      }
      if (this.buf.length > MAX_HEADER_BYTES) throw truncated();
      await this.more();
    }
  }

  /** The next part's headers after a boundary, or null at the closing one. */
  async next(): Promise<PartHeaders | null> {
    while (this.buf.length < 2) await this.more();
    if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) return null;
    let end = this.buf.indexOf('\r\n\r\n');
    while (end < 0) {
      if (this.buf.length > MAX_HEADER_BYTES) throw truncated();
      await this.more();
      end = this.buf.indexOf('\r\n\r\n');
    }
    const block = this.buf.subarray(0, end).toString('utf8');
    if (!block.startsWith('\r\n')) throw truncated();
    this.buf = this.buf.subarray(end + 4);
    return parseHeaders(block.slice(2));
  }

  /** The current part's content, up to the next boundary. */
  async *content(): AsyncGenerator<Uint8Array> {
    const keep = this.delimiter.length - 1;
    for (;;) {
      const at = this.buf.indexOf(this.delimiter);
      if (at >= 0) {
        const last = this.buf.subarray(0, at);
        this.buf = this.buf.subarray(at + this.delimiter.length);
        if (last.length) yield last;
        return;
      }
      if (this.buf.length > keep) {
        const out = this.buf.subarray(0, this.buf.length - keep);
        this.buf = this.buf.subarray(this.buf.length - keep);
        yield out;
      }
      await this.more();
    }
  }
}

/** A text field's value: UTF-8 only (415 for a part of another charset, 400 for bytes that are not UTF-8). */
async function text(chunks: AsyncIterable<Uint8Array>, part: PartHeaders): Promise<string> {
  requireUtf8(part.type);
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > MAX_FIELD_BYTES) throw badRequest('A form field is too long');
    parts.push(chunk);
  }
  return decodeUtf8(Buffer.concat(parts));
}

/**
 * Reads a `multipart/form-data` body as it arrives: text fields into memory (small, few), the
 * one file of `upload.field` streamed to `storage` with `upload.maxBytes`. 415 for another media
 * type; 413 (HTTP, the connection is closed) as soon as the declared length or the file's bytes
 * pass the limit, with nothing kept; 400 for a body that is not well-formed multipart, a second
 * file or a file in another field. `onBytes` sees every byte (a signature over the raw body).
 */
export async function readMultipart(
  c: Context,
  upload: UploadSpec,
  storage: FileStorage,
  pace: BodyPace,
  onBytes: (chunk: Uint8Array) => void = () => {},
): Promise<MultipartBody> {
  const type = requestHeader(c, 'content-type') ?? '';
  const boundary = boundaryOf(type);
  if (!boundary) {
    // Another media type is 415; multipart without a usable boundary a malformed request.
    if (/^\s*multipart\/form-data\s*(;|$)/i.test(type)) throw badRequest('The form body could not be read');
    throw new ApiError(Code.unsupportedMedia, 'This call takes a multipart/form-data body');
  }
  requireUtf8(type);
  const limit = upload.maxBytes + MULTIPART_OVERHEAD;
  const declared = Number(requestHeader(c, 'content-length') ?? Number.NaN);
  if (declared > limit) throw tooLarge();
  if (!c.req.raw.body) throw badRequest('Request body is required');
  const chunks = bodyChunks(c, pace, limit);
  const parts = new PartReader(chunks, boundary, onBytes);
  const fields: Record<string, string | string[]> = {};
  let file: UploadedFile | null = null;
  let count = 0;
  try {
    await parts.start();
    for (let part = await parts.next(); part; part = await parts.next()) {
      if (++count > MAX_FIELDS) throw badRequest('The form has too many fields');
      refuseReservedKey(part.name);
      if (part.filename === null) {
        const value = await text(parts.content(), part);
        const before = fields[part.name];
        fields[part.name] = before === undefined ? value : [before, value].flat();
        continue;
      }
      if (part.name !== upload.field || file) throw badRequest('The form carries an unexpected file');
      const stored = await storage.put(parts.content(), { maxBytes: upload.maxBytes });
      file = { ...stored, name: part.filename, claimedType: part.type };
    }
    return { fields, file };
  } catch (error) {
    if (file) await storage.remove(file.key);
    if (error instanceof FileTooLarge) throw tooLarge();
    throw error;
  } finally {
    // (stops the body's reading: what is left of it is not read)
    await chunks.return(undefined);
  }
}
