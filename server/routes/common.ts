import { type Context, Hono } from 'hono';
import { DataTrackingQuery, ErrorLogRequest } from '../../src/contract/telemetry.ts';
import { optionalSession, requireSession } from '../http/auth.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv, SessionContext } from '../http/env.ts';
import { parseInput, readJson, readQuery } from '../http/input.ts';
import { menuJsonForGroup } from '../services/menu.ts';
import { hitRateLimit } from '../services/rate-limit.ts';
import {
  backgroundCall,
  recordErrorLog,
  recordTracking,
  TELEMETRY_LIMIT,
  TELEMETRY_WINDOW_MS,
} from '../services/telemetry.ts';
import { ok } from './reply.ts';

/** The uid behind a valid X-Token, else null: telemetry works with or without a session. */
async function optionalUid(c: Context<AppEnv>): Promise<number | null> {
  await optionalSession()(c, async () => {});
  return (c.get('session') as SessionContext | undefined)?.uid ?? null;
}

/**
 * Counts the call against the IP's limit (429) in production, like every per-IP limit of the
 * server; a database failure here is a failed store (543).
 */
async function limitTelemetry(c: Context<AppEnv>, call: string): Promise<void> {
  const { db, now, config } = c.get('deps');
  if (!config.production) return;
  await backgroundCall(
    hitRateLimit(db, `${call}:${clientIp(c)}`, TELEMETRY_LIMIT, TELEMETRY_WINDOW_MS, now()),
    call,
  );
}

/** `common/*`: the menu (`get-route`), tracking and front-end error reports. */
export function commonRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/get-route.html', requireSession(), async (c) => {
    const { db, now } = c.get('deps');
    // The group's tree is serialized once per cache entry, not per call: see services/menu.ts.
    const data = await menuJsonForGroup(db, c.var.session.sgId, now().getTime());
    return c.body(`{"code":0,"message":"ok","data":${data}}`, 200, { 'content-type': 'application/json' });
  });

  app.get('/data-tracking.html', async (c) => {
    await limitTelemetry(c, 'data-tracking');
    const event = parseInput(DataTrackingQuery, readQuery(c));
    const uid = await backgroundCall(optionalUid(c), 'data-tracking');
    await recordTracking(c.get('deps').db, event, uid);
    return ok(c, null);
  });

  app.post('/error-log.html', async (c) => {
    await limitTelemetry(c, 'error-log');
    const report = parseInput(ErrorLogRequest, await readJson(c));
    const uid = await backgroundCall(optionalUid(c), 'error-log');
    await recordErrorLog(c.get('deps').db, report, uid, c.req.header('user-agent') ?? '');
    return ok(c, null);
  });

  return app;
}
