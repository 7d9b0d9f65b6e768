import type { Operation } from '../../src/contract/operation.ts';
import { signIntegration } from '../http/signature.ts';
import type { TestApp } from './test-app.ts';

/** The integration secret `callOperation` signs with: the test app must be made with it. */
export const CALL_SECRET = 'operation-call-secret-41c';

/**
 * An input as name/value pairs (kept in order, and a name such as `__proto__` stays a name: an
 * object literal would make it the object's prototype).
 */
export type Pairs = ReadonlyArray<readonly [string, unknown]>;

/** A JSON object of `pairs`, each name an own key (`JSON.stringify` of an object literal could not say `__proto__`). */
export function jsonOf(pairs: Pairs): string {
  return `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
}

let signed = 0;

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Calls `op` with `pairs` the way its declaration says a client does: a GET as a query, a POST as
 * JSON, a form (`encoding: 'form'`) or multipart (`encoding: 'multipart'`, without a file), with
 * `token` for the calls that take a session and a signature for the `signed` ones (the app must
 * have `integrationSecret: CALL_SECRET`). Answers the HTTP status and the envelope.
 */
export async function callOperation(
  t: TestApp,
  op: Operation,
  pairs: Pairs,
  token: string,
): Promise<{ status: number; code: number; data: unknown }> {
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (op.auth !== 'public' && op.auth !== 'signed') headers['x-token'] = token;
  let url = `/api/${op.path}.html`;
  let body: string | undefined;
  if (op.method === 'GET') {
    const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(text(v))}`).join('&');
    if (query) url += `?${query}`;
  } else if (op.encoding === 'multipart') {
    const boundary = 'lp-operation-call-5e';
    body = `${pairs
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${text(v)}\r\n`)
      .join('')}--${boundary}--\r\n`;
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  } else if (op.encoding === 'form') {
    body = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(text(v))}`).join('&');
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else {
    body = jsonOf(pairs);
    headers['content-type'] = 'application/json';
  }
  if (op.auth === 'signed') {
    // Each signed request is used once (a replay is 403): a second earlier each time, so that the
    // same body sent again carries another signature.
    signed = (signed + 1) % 250;
    const timestamp = String(Math.floor(t.deps.now().getTime() / 1000) - signed);
    headers['x-timestamp'] = timestamp;
    headers['x-signature'] = signIntegration(CALL_SECRET, timestamp, body ?? '');
  }
  const res = await t.app.request(url, {
    method: op.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const envelope = (await res.json()) as { code: number; data: unknown };
  return { status: res.status, code: envelope.code, data: envelope.data };
}
