import type { Context } from 'hono';
import * as v from 'valibot';
import { badRequest, invalid } from './errors.ts';

/**
 * Validates input against a contract schema. Failures answer 422 with `{field: message}` and the
 * first message as the envelope message; nothing of the input is echoed back.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw badRequest('request must be an object');
  }
  const unstorableField = findUnstorable(input, '', 0);
  if (unstorableField) {
    const [field, problem] = unstorableField;
    throw invalid(problem, { [field]: problem });
  }
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? (issue.type === 'strict_object' ? 'unknown' : 'request');
    if (issue.type === 'strict_object' && issue.path) {
      const last = issue.path[issue.path.length - 1] as { key?: unknown } | undefined;
      const name = typeof last?.key === 'string' ? last.key : 'field';
      fields[name] ??= `unknown field "${name.slice(0, 40)}"`;
      continue;
    }
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'invalid request';
  throw invalid(first, fields);
}

/**
 * NUL characters and unpaired surrogates cannot be stored as PostgreSQL text (the query would
 * fail with a server error), so a string holding one is refused up front with a 422 on its field.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  return LONE_SURROGATE.test(text) ? 'must be valid unicode text' : null;
}
function findUnstorable(value: unknown, path: string, depth: number): [string, string] | null {
  if (typeof value === 'string') {
    const problem = unstorable(value);
    return problem ? [path || 'request', problem] : null;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unstorable(key);
    if (keyProblem) return ['field', keyProblem];
    const found = findUnstorable(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The JSON body of a POST: 400 when it is empty, not JSON or not an object. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    return readForm(c);
  }
  const text = await c.req.text();
  if (text.trim() === '') throw badRequest('request body is required');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('request body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** A form body (`application/x-www-form-urlencoded` or multipart) as plain strings. */
export async function readForm(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) {
    if (type.includes('application/json')) return readJson(c);
    throw badRequest('request body must be a form');
  }
  const form = await c.req.parseBody({ all: false });
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) out[key] = typeof value === 'string' ? value : '';
  return out;
}

/** The query string as plain strings (the first value of repeated keys). */
export function readQuery(c: Context): Record<string, string> {
  return c.req.query();
}
