import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { Code } from '../src/contract/codes.ts';
import { loadAreaRoutes } from './areas/index.ts';
import { ApiError, say } from './core/errors.ts';
import type { ServerMessage } from './core/messages.ts';
import type { AppDeps, AppEnv } from './http/env.ts';
import { mountRoutes, requestLang, type Route } from './http/route.ts';
import { securityHeaders } from './http/security.ts';
import { staticAssets } from './http/static.ts';
import { openApiDocument } from './openapi/document.ts';

/** Every area's routes (server/areas/<area>/routes.ts), found when the server starts. */
export const routes: readonly Route[] = await loadAreaRoutes();

const INFO = {
  title: 'LP customer portal API',
  version: '2.9.0',
  description:
    'The provider API of the customer portal. Every answer is an envelope `{code, message, data}`; ' +
    'codes and decisions beyond the contract are in docs/api.md.',
};

/** True when the client went away before the answer (a reset connection, a closed tab). */
const clientGone = (raw: Request) => raw.signal.aborted;

/**
 * The provider API and the portal's pages as one Hono app (no listening: see main.ts).
 * API answers are HTTP 200 with the envelope, except transport faults (404, 413, 500).
 * `mounted` replaces the areas' routes (tests of the HTTP layer mount probes of their own).
 */
export function createApp(deps: AppDeps, mounted: readonly Route[] = routes): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', securityHeaders(deps.config));

  const api = new Hono<AppEnv>();
  const fault = (c: Context, code: 404 | 413, message: ServerMessage) =>
    c.json({ code, message: say(message, requestLang(c)), data: null }, code);
  const limitBody = bodyLimit({
    maxSize: deps.config.bodyLimit,
    // The rest of a refused body is not read: close the connection after the answer so that the
    // client's next request does not land in the middle of it (a keep-alive client reconnects).
    onError: (c) => {
      c.header('Connection', 'close');
      return fault(c, Code.tooLarge, 'Request body is too large');
    },
  });
  // GET and HEAD carry no body; skipping them spares building a full Request per call (hot path).
  api.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );
  mountRoutes(api, mounted);
  let document: string | undefined;
  api.get('/openapi.json', (c) => {
    document ??= JSON.stringify(
      openApiDocument(
        mounted.map((r) => r.op),
        INFO,
      ),
    );
    return c.body(document, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
  api.all('*', (c) => fault(c, Code.notFound, 'No such API call'));
  app.route('/api', api);
  app.route('/', staticAssets(deps.config.distDir));

  app.onError((err, c) => {
    const lang = requestLang(c);
    if (err instanceof ApiError)
      return c.json({ code: err.code, message: err.textIn(lang), data: err.dataIn(lang) });
    if (err instanceof HTTPException) {
      const status = err.status === 413 ? 413 : 400;
      if (status === 413) c.header('Connection', 'close');
      const message = status === 413 ? 'Request body is too large' : 'Bad request';
      return c.json({ code: status, message: say(message, lang), data: null }, status);
    }
    if (clientGone(c.req.raw)) {
      console.info(`[server] ${c.req.method} ${c.req.path}: the client went away`);
    } else {
      console.error('[server] unhandled error', err);
    }
    return c.json(
      { code: Code.serverFault, message: say('Server error, please try again later', lang), data: null },
      500,
    );
  });
  return app;
}
