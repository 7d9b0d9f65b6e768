import type { Lang } from '../../src/contract/messages.ts';
import { Code } from '../../src/contract/codes.ts';
import type { ServerConfig } from '../config.ts';
import { say } from '../core/errors.ts';
import { apiAnswer } from './answer.ts';

/**
 * The answers of a process whose database cannot be reached: a running one while PostgreSQL is
 * away (app.ts's `onError`), and one that started while it was away and waits for it
 * (waiting-app.ts). Both say when to ask again, and nothing about why.
 */

/** Seconds a client (or a load balancer) is told to wait before it asks again. */
export const RETRY_AFTER_S = 2;

/** The headers of an API call's 503 (the envelope's type and when to ask again). */
export const UNAVAILABLE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  'retry-after': String(RETRY_AFTER_S),
};

/** The envelope of a call the database is away for: `{code: 503, message, data: null}`. */
export function unavailableEnvelope(lang: Lang): { code: number; message: string; data: null } {
  const message = say('The service is briefly unavailable, please try again in a moment', lang);
  return { code: Code.unavailable, message, data: null };
}

/** An API call's answer: HTTP 503 with the envelope and `Retry-After`. */
export function unavailableAnswer(config: ServerConfig, lang: Lang): Response {
  return apiAnswer(config, JSON.stringify(unavailableEnvelope(lang)), UNAVAILABLE_HEADERS, 503);
}

const HEALTH_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };

/** `GET /api/health.json`: 200 `{"status":"ok"}`, or 503 `{"status":"unavailable"}` with Retry-After. */
export function healthAnswer(config: ServerConfig, up: boolean): Response {
  return up
    ? apiAnswer(config, '{"status":"ok"}', HEALTH_HEADERS)
    : apiAnswer(
        config,
        '{"status":"unavailable"}',
        { ...HEALTH_HEADERS, 'retry-after': String(RETRY_AFTER_S) },
        503,
      );
}
