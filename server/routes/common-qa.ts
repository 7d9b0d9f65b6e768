import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** `common/get-qa-config`: the chat's welcome text, service phone and hot questions. */
export function commonQaRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  return app;
}
