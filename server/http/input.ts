import type { Context } from 'hono';
import * as v from 'valibot';
import { Code } from '../../src/contract/codes.ts';
import type { Lang } from '../../src/contract/messages.ts';
import { messageText, parseConfig } from '../../src/contract/messages.ts';
import type { Operation } from '../../src/contract/operation.ts';
import { ApiError, badRequest } from '../core/errors.ts';
import type { ServerConfig } from '../config.ts';
import { bodyBytes, bodyText, paceOf, requireUtf8 } from './body.ts';
import { requestHeader } from './request-header.ts';
import { refuseReservedKey } from './reserved-keys.ts';

/** `application/json` and `application/<something>+json`, parameters aside. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const mediaType = (c: Context) =>
  (requestHeader(c, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();

const isForm = (type: string) =>
  type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';

/**
 * The raw body of a POST before validation, in the operation's encoding. 400 when the body cannot
 * be read; 415 when a JSON call gets another media type (a multipart body on a JSON call is a
 * malformed request for it: 400).
 */
export async function readBody(
  c: Context,
  op: Operation,
  config: BodyConfig,
  rawBody?: string,
): Promise<unknown> {
  const type = mediaType(c);
  const encoding = op.encoding ?? 'json';
  if (encoding !== 'json' && isForm(type)) return readForm(c, type, config);
  const text = rawBody ?? (await readBodyText(c, config));
  if (text.trim() === '') {
    if (op.bodyOptional) return {};
    throw badRequest('Request body is required');
  }
  if (!JSON_TYPE.test(type)) refuseMedia(encoding, type);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object');
  }
  return body;
}

/** The settings a body is read with: its pace, and the limit of a JSON or form body. */
export type BodyConfig = Pick<ServerConfig, 'bodyTimeoutMs' | 'bodyMinRate' | 'bodyLimit'>;

/** A JSON or form body as text (UTF-8 only), at its pace and within `BODY_LIMIT`. */
export const readBodyText = (c: Context, config: BodyConfig): Promise<string> =>
  bodyText(c, paceOf(config), config.bodyLimit);

/** 415 for a body of another media type than the call takes (a multipart body on a JSON call: 400). */
function refuseMedia(encoding: string, type: string): never {
  if (encoding !== 'json') throw new ApiError(Code.unsupportedMedia, 'This call takes a JSON or form body');
  if (type === 'multipart/form-data') {
    throw badRequest('This call takes a JSON body (Content-Type: application/json)');
  }
  throw new ApiError(Code.unsupportedMedia, 'This call takes a JSON body (Content-Type: application/json)');
}

/** The query of a GET before validation: a repeated key becomes a list, which no schema accepts. */
export function readQuery(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  // Most GETs of a page carry no query at all: no URL to parse then (the hot path).
  if (!c.req.raw.url.includes('?')) return out;
  for (const [key, values] of Object.entries(c.req.queries())) {
    refuseReservedKey(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/**
 * A form body as strings (a repeated key as a list; files are not form fields here), read at its
 * pace within `BODY_LIMIT`; UTF-8 only (415 for another charset, 400 for bytes that are not UTF-8).
 */
async function readForm(c: Context, type: string, config: BodyConfig): Promise<Record<string, unknown>> {
  const contentType = requestHeader(c, 'content-type') ?? '';
  let entries: Iterable<[string, string | File]>;
  if (type === 'application/x-www-form-urlencoded') {
    entries = new URLSearchParams(await readBodyText(c, config));
  } else {
    requireUtf8(contentType);
    const bytes = await bodyBytes(c, paceOf(config), config.bodyLimit);
    try {
      const body = Uint8Array.from(bytes);
      entries = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw badRequest('The form body could not be read');
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    refuseReservedKey(key);
    const value = typeof item === 'string' ? item : '';
    const before = out[key];
    out[key] = before === undefined ? value : [before, value].flat();
  }
  return out;
}

/**
 * Validates input against the operation's schema, messages in `lang`. Failures answer 422 with
 * `{field: message}` and the first message as the envelope message; nothing of the input is
 * echoed back. A reserved key (`__proto__`…: server/http/reserved-keys.ts) is refused first (400),
 * then text the database cannot store (NUL, lone surrogates: 422).
 */
export function validateInput<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  lang: Lang,
): v.InferOutput<S> {
  const unstorableField = findUnstorable(input, '', 0, lang);
  if (unstorableField) {
    const [field, problem] = unstorableField;
    throw ApiError.localized(Code.invalid, problem, { [field]: problem });
  }
  const result = v.safeParse(schema, input, parseConfig(lang));
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? 'request';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? messageText('invalid', undefined, lang);
  throw ApiError.localized(Code.invalid, first, fields);
}

/**
 * NUL characters and unpaired surrogates cannot be stored as PostgreSQL text (the query would
 * fail with a server error), so a string holding one is refused up front with a 422 on its field.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unstorable(text: string, lang: Lang): string | null {
  if (text.includes('\u0000')) return messageText('noNul', undefined, lang);
  return LONE_SURROGATE.test(text) ? messageText('unicode', undefined, lang) : null;
}

function findUnstorable(value: unknown, path: string, depth: number, lang: Lang): [string, string] | null {
  if (typeof value === 'string') {
    const problem = unstorable(value, lang);
    return problem ? [path || 'request', problem] : null;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    refuseReservedKey(key);
    const keyProblem = unstorable(key, lang);
    if (keyProblem) return ['field', keyProblem];
    const found = findUnstorable(item, path ? `${path}.${key}` : key, depth + 1, lang);
    if (found) return found;
  }
  return null;
}
