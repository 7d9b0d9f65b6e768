import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** `index/*`: the SMS-verified password change (`index/change-passwd`). */
export function indexRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  return app;
}
