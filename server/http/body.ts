import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { Code } from '../../src/contract/codes.ts';
import { ApiError, badRequest } from '../core/errors.ts';
import { requestHeader } from './request-header.ts';

/**
 * The pace a request body must keep (`BODY_TIMEOUT_MS`, `BODY_MIN_RATE`): it may take `timeoutMs`
 * plus a second for every `minRate` bytes received, counted from when its reading starts.
 */
export interface BodyPace {
  timeoutMs: number;
  minRate: number;
}

/** The pace of the settings. */
export const paceOf = (config: { bodyTimeoutMs: number; bodyMinRate: number }): BodyPace => ({
  timeoutMs: config.bodyTimeoutMs,
  minRate: config.bodyMinRate,
});

/** 413 (HTTP, the connection is closed): the body passed its limit. */
export const tooLarge = () => new HTTPException(413, { message: 'Request body is too large' });
/** 408 (HTTP, the connection is closed): the body fell behind its pace. */
export const tooSlow = () => new HTTPException(408, { message: 'The request body arrived too slowly' });

/**
 * The request body's chunks as they arrive: 408 once it falls behind `pace` (a client dribbling a
 * body holds its request for seconds, not the 5 minutes of the whole request), 413 past
 * `maxBytes`. Either way nothing more is read and the caller's work stops with the error; the
 * answer closes the connection, whose rest is read and thrown away for a bounded time
 * (server/http/lingering-close.ts).
 */
export async function* bodyChunks(
  c: Context,
  pace: BodyPace,
  maxBytes = Infinity,
): AsyncGenerator<Uint8Array> {
  const stream = c.req.raw.body;
  if (!stream) return;
  const reader = stream.getReader();
  const started = performance.now();
  let received = 0;
  const left = () => started + pace.timeoutMs + (received * 1000) / pace.minRate - performance.now();
  let fail: (error: unknown) => void = () => {};
  const late = new Promise<never>((_, reject) => {
    fail = reject;
  });
  late.catch(() => {});
  // One timer per body: when it fires, the bytes since have moved the deadline on, or it has passed.
  let timer: NodeJS.Timeout;
  const watch = () => {
    const ms = left();
    if (ms <= 0) fail(tooSlow());
    else timer = setTimeout(watch, ms);
  };
  timer = setTimeout(watch, left());
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), late]);
      if (done) return;
      received += value.byteLength;
      if (received > maxBytes) throw tooLarge();
      yield value;
    }
  } finally {
    clearTimeout(timer);
    // (a read still pending is given up: the rest of the body is not read)
    reader.releaseLock();
  }
}

/** The whole body's bytes (see `bodyChunks`). */
export async function bodyBytes(c: Context, pace: BodyPace, maxBytes = Infinity): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of bodyChunks(c, pace, maxBytes)) parts.push(chunk);
  return Buffer.concat(parts);
}

/**
 * The body as text. JSON (RFC 8259) and forms (WHATWG URL) are UTF-8: a `charset` of the content
 * type other than UTF-8 (or US-ASCII, a part of it) is 415, and bytes that are not UTF-8 are 400,
 * never read as something else.
 */
export async function bodyText(c: Context, pace: BodyPace, maxBytes = Infinity): Promise<string> {
  requireUtf8(requestHeader(c, 'content-type') ?? '');
  return decodeUtf8(await bodyBytes(c, pace, maxBytes));
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 bytes as text; 400 when they are not UTF-8 (no replacement characters slipped in). */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw badRequest('The request body is not valid UTF-8');
  }
}

/** The charsets text may come in: UTF-8, and US-ASCII, which is a part of it. */
const UTF8_NAMES = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

/** The `charset` parameter of a content type, lower case and unquoted, or null. */
export function charsetOf(contentType: string): string | null {
  for (const param of contentType.split(';').slice(1)) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    return param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
  }
  return null;
}

/** 415 unless the content type names no charset or UTF-8 (US-ASCII). */
export function requireUtf8(contentType: string): void {
  const charset = charsetOf(contentType);
  if (charset !== null && !UTF8_NAMES.has(charset)) {
    throw new ApiError(Code.unsupportedMedia, 'This call takes UTF-8 text (charset=utf-8)');
  }
}
