import type { Context } from 'hono';
import * as v from 'valibot';
import { Code } from '../../src/contract/codes.ts';
import type { Lang } from '../../src/contract/messages.ts';
import { messageText, parseConfig } from '../../src/contract/messages.ts';
import type { Operation } from '../../src/contract/operation.ts';
import { ApiError, badRequest } from '../core/errors.ts';
import { requestHeader } from './request-header.ts';

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
export async function readBody(c: Context, op: Operation, rawBody?: string): Promise<unknown> {
  const type = mediaType(c);
  const encoding = op.encoding ?? 'json';
  if (encoding !== 'json' && isForm(type)) return readForm(c);
  const text = rawBody ?? (await c.req.text());
  if (text.trim() === '') {
    if (op.bodyOptional) return {};
    throw badRequest('Request body is required');
  }
  if (!JSON_TYPE.test(type)) {
    if (encoding !== 'json') throw new ApiError(Code.unsupportedMedia, 'This call takes a JSON or form body');
    if (type === 'multipart/form-data') {
      throw badRequest('This call takes a JSON body (Content-Type: application/json)');
    }
    throw new ApiError(Code.unsupportedMedia, 'This call takes a JSON body (Content-Type: application/json)');
  }
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

/** The query of a GET before validation: a repeated key becomes a list, which no schema accepts. */
export function readQuery(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  // Most GETs of a page carry no query at all: no URL to parse then (the hot path).
  if (!c.req.raw.url.includes('?')) return out;
  for (const [key, values] of Object.entries(c.req.queries())) {
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** A form body as strings (a repeated key as a list; files are not form fields here). */
async function readForm(c: Context): Promise<Record<string, unknown>> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('The form body could not be read');
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    const text = (item: string | File) => (typeof item === 'string' ? item : '');
    out[key] = Array.isArray(value) ? value.map(text) : text(value);
  }
  return out;
}

/**
 * Validates input against the operation's schema, messages in `lang`. Failures answer 422 with
 * `{field: message}` and the first message as the envelope message; nothing of the input is
 * echoed back. Text the database cannot store (NUL, lone surrogates) is refused first.
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
    const keyProblem = unstorable(key, lang);
    if (keyProblem) return ['field', keyProblem];
    const found = findUnstorable(item, path ? `${path}.${key}` : key, depth + 1, lang);
    if (found) return found;
  }
  return null;
}
