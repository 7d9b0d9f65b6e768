import type { Context } from 'hono';
import type { Envelope } from '../../src/contract/envelope.ts';

/** A success envelope `{code: 0, message, data}`. */
export function ok<T>(c: Context, data: T, message = 'ok'): Response {
  const body: Envelope<T> = { code: 0, message, data };
  return c.json(body);
}
