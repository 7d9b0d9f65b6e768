import { Hono } from 'hono';
import type { Lang } from '../src/contract/messages.ts';
import type { ServerConfig } from './config.ts';
import { say } from './core/errors.ts';
import type { AppEnv } from './http/env.ts';
import { requestLang } from './http/route.ts';
import { PAGE_HEADERS, setDocumentHeaders } from './http/security.ts';
import { healthAnswer, RETRY_AFTER_S, unavailableAnswer } from './http/unavailable.ts';

/** A page asked for meanwhile: says so, and loads itself again a little later. */
const waitingPage = (lang: Lang) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="${RETRY_AFTER_S * 2}"><title>LP Portal</title></head>
<body><h1>LP customer portal</h1><p>${say('The service is briefly unavailable, please try again in a moment', lang)}</p></body></html>`;

const PAGE_503_HEADERS = {
  ...PAGE_HEADERS,
  'retry-after': String(RETRY_AFTER_S),
  'cache-control': 'no-store',
};

/**
 * What a process answers from the moment it listens until its database is ready (it started while
 * PostgreSQL was away, or a cluster's primary is still migrating: serve-process.ts): HTTP 503 with
 * `Retry-After` for everything. An API call gets the 503 envelope, as a running process answers
 * while its database is away, the health check `{"status":"unavailable"}`, and a page a short
 * page that says so and reloads itself (not the portal, whose calls would all fail; and a
 * readiness probe on `/` does not take the process for ready).
 */
export function createWaitingApp(config: ServerConfig): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/api/health.json', () => healthAnswer(config, false));
  app.all('/api/*', (c) => unavailableAnswer(config, requestLang(c)));
  app.all('*', (c) => {
    setDocumentHeaders(c, config);
    return c.html(waitingPage(requestLang(c)), 503, PAGE_503_HEADERS);
  });
  return app;
}
