import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** `customer-service/*`: the online customer-service chat (works without a token, CORS-open). */
export function customerServiceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  return app;
}
