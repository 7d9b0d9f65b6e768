import { Hono } from 'hono';
import { sql } from 'kysely';
import { HTTPException } from 'hono/http-exception';
import { Code } from '../src/contract/codes.ts';
import { loadAreaRoutes } from './areas/index.ts';
import { ApiError, say } from './core/errors.ts';
import { isDatabaseUnavailable } from './db/database.ts';
import type { AppDeps, AppEnv } from './http/env.ts';
import { apiAnswer, jsonAnswer } from './http/answer.ts';
import { requestHeader } from './http/request-header.ts';
import { mountRoutes, requestLang, type Route } from './http/route.ts';
import { setDocumentHeaders } from './http/security.ts';
import { healthAnswer, UNAVAILABLE_HEADERS, unavailableEnvelope } from './http/unavailable.ts';
import { assetHandler } from './http/static.ts';
import { openApiDocument } from './openapi/document.ts';
import { mountReference } from './openapi/serve.ts';
import { liveStream } from './areas/live/stream.ts';
import { tokenEndpoint } from './areas/api-clients/token-endpoint.ts';
import { scimApp } from './areas/accounts/scim-endpoint.ts';

/** Every area's routes (server/areas/<area>/routes.ts), found when the server starts. */
export const routes: readonly Route[] = await loadAreaRoutes();

const INFO = {
  title: 'LP customer portal API',
  version: '2.9.0',
  description:
    'The provider API of the customer portal. Every answer is an envelope `{code, message, data}`; ' +
    'codes and decisions beyond the contract are in docs/api.md.',
};

const JSON_TYPE = { 'content-type': 'application/json' };
/**
 * A 413's or 408's answer closes the connection: the rest of the refused body is not parsed as
 * the client's next request (a keep-alive client reconnects); the server reads and throws it away
 * for a bounded time so that the client reads the answer (server/http/lingering-close.ts).
 */
const CLOSE_JSON = { 'content-type': 'application/json', connection: 'close' };

/** True when the client went away before the answer (a reset connection, a closed tab). */
const clientGone = (raw: Request) => raw.signal.aborted;

/**
 * The provider API and the portal's pages as one Hono app (no listening: see main.ts).
 * API answers are HTTP 200 with the envelope, except transport faults (404, 408, 413, 500, 503).
 * `mounted` replaces the areas' routes (tests of the HTTP layer mount probes of their own).
 */
export function createApp(deps: AppDeps, mounted: readonly Route[] = routes): Hono<AppEnv> {
  const { config } = deps;
  const app = new Hono<AppEnv>();
  const api = new Hono<AppEnv>();
  // Only the methods that carry a body pass the limit (a GET is not even routed through it): a
  // declared length over it is refused before anything is read; a body without one (chunked) is
  // counted as it is read (server/http/input.ts). Uploads (multipart calls) stream their file and
  // keep their own, larger limit.
  const uploads = new Set(
    mounted.filter((r) => r.op.encoding === 'multipart').map((r) => `/api/${r.op.path}.html`),
  );
  api.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', (c, next) => {
    if (uploads.has(c.req.path)) return next();
    const declared = Number(requestHeader(c, 'content-length') ?? 0);
    if (!(declared > config.bodyLimit)) return next();
    const message = say('Request body is too large', requestLang(c));
    return apiAnswer(config, JSON.stringify({ code: Code.tooLarge, message, data: null }), CLOSE_JSON, 413);
  });
  mountRoutes(api, mounted, deps);
  let document: string | undefined;
  const documentText = () => {
    document ??= JSON.stringify(
      openApiDocument(
        mounted.map((r) => r.op),
        INFO,
      ),
    );
    return document;
  };
  api.get('/openapi.json', () =>
    apiAnswer(config, documentText(), { 'content-type': 'application/json; charset=utf-8' }),
  );
  // the reference page made from it (server/openapi/serve.ts)
  mountReference(api, config, documentText);
  // For load balancers and orchestrators: is this process up and does its database answer?
  // Not rate-limited (a `select 1`), never cached; says nothing else about the server.
  api.get('/health.json', async () => {
    const up = await sql`select 1`.execute(deps.db).then(
      () => true,
      () => false,
    );
    return healthAnswer(config, up);
  });
  // The live stream (server-sent events), outside the envelope calls: areas/live/stream.ts.
  api.get('/live/stream', liveStream(deps));
  // OAuth 2.0 client credentials for API clients, outside the envelope (areas/api-clients).
  api.post('/oauth/token', tokenEndpoint(deps));
  // SCIM 2.0 provisioning by customers' identity providers, outside the envelope (accounts/scim*.ts).
  api.route('/scim/v2', scimApp(deps));
  app.route('/api', api);

  // What no route matches is not a route either (a GET of an API call is then the one handler its
  // path matches, the fast path): an unknown API path is a 404 envelope, any other path a page or
  // an asset, with the document headers.
  const assets = assetHandler(config.distDir);
  app.notFound((c) => {
    if (c.req.path.startsWith('/api/')) {
      return jsonAnswer(
        config,
        { code: Code.notFound, message: say('No such API call', requestLang(c)), data: null },
        404,
      );
    }
    setDocumentHeaders(c, config);
    return assets(c);
  });

  app.onError((err, c) => {
    const lang = requestLang(c);
    // API answers carry their own headers; a page or an asset that failed gets the document ones.
    const api = c.req.path.startsWith('/api/');
    if (!api) setDocumentHeaders(c, config);
    const answer = (
      value: unknown,
      status: 200 | 400 | 408 | 413 | 500 | 503 = 200,
      extra: Readonly<Record<string, string>> = JSON_TYPE,
    ) => (api ? apiAnswer(config, JSON.stringify(value), extra, status) : c.json(value, status, extra));
    if (err instanceof ApiError)
      return answer({ code: err.code, message: err.textIn(lang), data: err.dataIn(lang) });
    if (err instanceof HTTPException) {
      // A body too large or too slow: the rest of it is not read, the connection is closed.
      if (err.status === 413 || err.status === 408) {
        const message =
          err.status === 413 ? 'Request body is too large' : 'The request body arrived too slowly';
        return answer({ code: err.status, message: say(message, lang), data: null }, err.status, CLOSE_JSON);
      }
      return answer({ code: 400, message: say('Bad request', lang), data: null }, 400);
    }
    // First: a client that went away breaks its request's body with a socket error (ECONNRESET),
    // which is not the database's.
    if (clientGone(c.req.raw)) {
      console.info(`[server] ${c.req.method} ${c.req.path}: the client went away`);
    } else if (isDatabaseUnavailable(err)) {
      // The database is away (a restart, a failover): a clear answer without its details; the
      // pool connects again by itself once it is back.
      console.warn(`[server] ${c.req.method} ${c.req.path}: the database is unavailable`);
      return answer(unavailableEnvelope(lang), 503, UNAVAILABLE_HEADERS);
    } else {
      console.error('[server] unhandled error', err);
    }
    return answer(
      { code: Code.serverFault, message: say('Server error, please try again later', lang), data: null },
      500,
    );
  });
  return app;
}
