import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { Code } from '../src/contract/codes.ts';
import type { Envelope } from '../src/contract/envelope.ts';
import { ApiError } from './http/errors.ts';
import type { AppDeps, AppEnv } from './http/env.ts';
import { securityHeaders } from './http/security.ts';
import { staticAssets } from './http/static.ts';
import { commonRoutes } from './routes/common.ts';
import { commonQaRoutes } from './routes/common-qa.ts';
import { customerAccountRoutes } from './routes/customer-account.ts';
import { customerServiceRoutes } from './routes/customer-service.ts';
import { indexRoutes } from './routes/index-area.ts';
import { integrationRoutes } from './routes/integration.ts';
import { openapiRoutes } from './routes/openapi.ts';
import { userRoutes } from './routes/user.ts';

const envelope = (code: number, message: string, data: unknown = null): Envelope => ({ code, message, data });

/**
 * The provider API and the portal's pages as one Hono app (no listening: see main.ts).
 * API answers are HTTP 200 with the envelope, except transport faults (404, 413, 500).
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', securityHeaders());

  const api = new Hono<AppEnv>();
  const limitBody = bodyLimit({
    maxSize: deps.config.bodyLimit,
    onError: (c) => c.json(envelope(Code.tooLarge, 'request body is too large'), 413),
  });
  // GET and HEAD carry no body; skipping them spares building a full Request per call (hot path).
  api.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );
  api.route('/user', userRoutes());
  api.route('/customer-account', customerAccountRoutes());
  api.route('/index', indexRoutes());
  api.route('/integration', integrationRoutes());
  api.route('/common', commonRoutes());
  api.route('/common', commonQaRoutes());
  api.route('/customer-service', customerServiceRoutes());
  api.route('/', openapiRoutes());
  api.all('*', (c) => c.json(envelope(Code.notFound, 'no such API call'), 404));
  app.route('/api', api);

  app.route('/', staticAssets(deps.config.distDir));

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(envelope(err.code, err.message, err.data));
    if (err instanceof HTTPException) {
      const status = err.status;
      return c.json(envelope(status, status === 413 ? 'request body is too large' : 'bad request'), status);
    }
    console.error('[server] unhandled error', err);
    return c.json(envelope(Code.serverFault, 'server error, please try again later'), 500);
  });
  return app;
}
