import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** `/api/openapi.json`, generated from the contract schemas. */
export function openapiRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  return app;
}
