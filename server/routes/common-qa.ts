import { type Context, Hono } from 'hono';
import { CHAT_SESSION_HEADER, type QaConfig, QaConfigQuery } from '../../src/contract/chat.ts';
import { optionalSession } from '../http/auth.ts';
import type { AppEnv, SessionContext } from '../http/env.ts';
import { parseInput, readJson, readQuery } from '../http/input.ts';
import { qaSettings } from '../services/chat-config.ts';
import { chatSessionFor } from '../services/chat-sessions.ts';
import { chatCors, chatLimit } from './chat-http.ts';
import { ok } from './reply.ts';

const PATH = '/get-qa-config.html';

/** GET: the query; POST: the JSON or form body, which may be empty (the call has no required field). */
async function requestInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if (c.req.method === 'GET') return readQuery(c);
  if ((await c.req.text()).trim() === '') return {};
  return readJson(c);
}

/**
 * `common/get-qa-config`: the chat's welcome text, service phone, website, hot questions and the
 * chat session. Mounted at /api/common beside common.ts, so CORS is applied to this path only.
 */
export function commonQaRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(PATH, chatCors());

  // contract.md names it GET; the spec's client POSTs it (spec §7 "Common"): both are served.
  app.on(['GET', 'POST'], PATH, chatLimit('read'), optionalSession(), async (c) => {
    parseInput(QaConfigQuery, await requestInput(c));
    const { db, config, now } = c.var.deps;
    const uid = (c.get('session') as SessionContext | undefined)?.uid ?? null;
    const session = await chatSessionFor(db, c.req.header(CHAT_SESSION_HEADER), uid, now());
    const body: QaConfig = { ...(await qaSettings(db, config)), session };
    return ok(c, body);
  });

  return app;
}
