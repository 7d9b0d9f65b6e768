import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { CHAT_SESSION_HEADER } from '../../src/contract/chat.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { hitRateLimit } from '../services/rate-limit.ts';

/** Per-IP limits of the chat calls (production only, like every per-IP limit: see config.ts). */
export const CHAT_LIMITS = {
  read: { limit: 60, windowMs: 60_000 },
  comment: { limit: 10, windowMs: 60_000 },
} as const;

/** Counts the call against the client's per-minute limit of its kind; 429 once it is passed. */
export async function limitChat(c: Context<AppEnv>, kind: keyof typeof CHAT_LIMITS): Promise<void> {
  const { db, config, now } = c.var.deps;
  if (!config.production) return;
  const { limit, windowMs } = CHAT_LIMITS[kind];
  await hitRateLimit(db, `chat-${kind}:${clientIp(c)}`, limit, windowMs, now());
}

/** limitChat as a middleware, to count a call before any other work (session lookup, parsing). */
export function chatLimit(kind: keyof typeof CHAT_LIMITS): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await limitChat(c, kind);
    await next();
  };
}

/**
 * CORS for the chat calls: only the origins of `config.corsOrigins` get
 * Access-Control-Allow-Origin (no credentials: the token travels in X-Token, never a cookie).
 * Preflights are answered with 204 here, before any limit or validation.
 */
export function chatCors(): MiddlewareHandler<AppEnv> {
  return cors({
    origin: (origin, c) =>
      (c as Context<AppEnv>).var.deps.config.corsOrigins.includes(origin) ? origin : null,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'X-Token', CHAT_SESSION_HEADER],
    maxAge: 600,
  });
}
