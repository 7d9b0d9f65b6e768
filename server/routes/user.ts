import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** `user/*`: login, captcha, user info, logout, jump-login, new-login, customer-login, password. */
export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  return app;
}
