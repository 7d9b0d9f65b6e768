import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** `customer-account/*`: the user's customer accounts and switching among them. */
export function customerAccountRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  return app;
}
