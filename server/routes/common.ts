import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** `common/*`: the menu (`get-route`), tracking and front-end error reports. */
export function commonRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  return app;
}
