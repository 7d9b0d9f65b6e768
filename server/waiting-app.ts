import { Hono } from 'hono';
import type { ServerConfig } from './config.ts';
import type { AppEnv } from './http/env.ts';
import { requestLang } from './http/route.ts';
import { setDocumentHeaders } from './http/security.ts';
import { assetHandler } from './http/static.ts';
import { healthAnswer, unavailableAnswer } from './http/unavailable.ts';

/**
 * What a process answers from the moment it listens until its database is ready (it started while
 * PostgreSQL was away, or a cluster's primary is still migrating: serve-process.ts). Every API call
 * is the 503 envelope with `Retry-After`, the health check `{"status":"unavailable"}`, as a running
 * process answers while its database is away; the pages and assets need no database and are served.
 */
export function createWaitingApp(config: ServerConfig): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const assets = assetHandler(config.distDir);
  app.get('/api/health.json', () => healthAnswer(config, false));
  app.all('/api/*', (c) => unavailableAnswer(config, requestLang(c)));
  app.all('*', (c) => {
    setDocumentHeaders(c, config);
    return assets(c);
  });
  return app;
}
