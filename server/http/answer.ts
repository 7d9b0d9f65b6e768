import type { ServerConfig } from '../config.ts';
import { securityHeadersOf } from './security.ts';

/**
 * An API answer: the body with the API's security headers and `extra` (its content type…), as one
 * plain object. A plain object, not Hono's `c.json()`: that builds a `Headers` object per answer
 * once an answer has more than one header, which was the largest part of a small call's cost
 * (docs/decisions/api-hot-path.md).
 */
export function apiAnswer(
  config: ServerConfig,
  body: BodyInit | null,
  extra: Readonly<Record<string, string>>,
  status = 200,
): Response {
  return new Response(body, { status, headers: { ...securityHeadersOf(config).api, ...extra } });
}

/** The headers of a JSON answer, per configuration (one object for every answer). */
const jsonHeaders = new WeakMap<ServerConfig, Readonly<Record<string, string>>>();

/** An envelope (or any JSON) as an API answer. */
export function jsonAnswer(config: ServerConfig, value: unknown, status = 200): Response {
  let headers = jsonHeaders.get(config);
  if (!headers) {
    headers = Object.freeze({ ...securityHeadersOf(config).api, 'content-type': 'application/json' });
    jsonHeaders.set(config, headers);
  }
  return new Response(JSON.stringify(value), { status, headers });
}
