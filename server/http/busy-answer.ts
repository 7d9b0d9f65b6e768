import type { IncomingMessage } from 'node:http';
import { Code } from '../../src/contract/codes.ts';
import type { ServerConfig } from '../config.ts';
import type { ServingOptions } from '../serving.ts';
import { say } from '../core/errors.ts';
import { langOfHeader } from './route.ts';
import { securityHeadersOf } from './security.ts';

/** An answer the HTTP server writes itself, before the app sees the request. */
export interface RawAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/**
 * The answer to a request over its address's share of the server (`MAX_REQUESTS_PER_ADDRESS`
 * requests in progress): HTTP 429 with the envelope (code 429) in the caller's language,
 * `Retry-After: 1` and the connection closed. Nothing of the request is read or done.
 */
export function busyAnswer(config: { hsts: boolean }): (req: IncomingMessage) => RawAnswer {
  const headers = Object.freeze({
    ...securityHeadersOf(config).api,
    'content-type': 'application/json',
    'retry-after': '1',
    connection: 'close',
  });
  return (req) => ({
    status: 429,
    headers,
    body: JSON.stringify({
      code: Code.tooManyRequests,
      message: say(
        'Too many requests at once from your address, please try again in a moment',
        langOfHeader(req.headers['accept-language']),
      ),
      data: null,
    }),
  });
}

/** The per-address cap of the settings (`MAX_REQUESTS_PER_ADDRESS`, `TRUSTED_PROXIES`). */
export function perAddressOf(config: ServerConfig): NonNullable<ServingOptions['perAddress']> {
  return {
    maxRequests: config.maxRequestsPerAddress,
    trustedProxies: config.trustedProxies,
    busy: busyAnswer(config),
  };
}
