import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { DataTrackingQuery, ErrorLogRequest } from '../../src/contract/telemetry.ts';
import type { AppEnv } from '../http/env.ts';
import { parseInput, readJson, readQuery } from '../http/input.ts';
import { hitRateLimit } from '../services/rate-limit.ts';
import {
  backgroundCall,
  recordErrorLog,
  recordTracking,
  TELEMETRY_LIMIT,
  TELEMETRY_WINDOW_MS,
} from '../services/telemetry.ts';

/** The peer address of the connection (not a forwarded header, which any client can forge). */
function clientIp(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Counts the call against the IP's limit (429); a database failure here is a failed store (543). */
async function limitTelemetry(c: Context<AppEnv>, call: string): Promise<void> {
  const { db, now } = c.get('deps');
  await backgroundCall(
    hitRateLimit(db, `${call}:${clientIp(c)}`, TELEMETRY_LIMIT, TELEMETRY_WINDOW_MS, now()),
    call,
  );
}

/** `common/*`: the menu (`get-route`), tracking and front-end error reports. */
export function commonRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/data-tracking.html', async (c) => {
    await limitTelemetry(c, 'data-tracking');
    const event = parseInput(DataTrackingQuery, readQuery(c));
    await recordTracking(c.get('deps').db, event, null);
    return c.json({ code: 0, message: 'ok', data: null });
  });

  app.post('/error-log.html', async (c) => {
    await limitTelemetry(c, 'error-log');
    const report = parseInput(ErrorLogRequest, await readJson(c));
    await recordErrorLog(c.get('deps').db, report, null, c.req.header('user-agent') ?? '');
    return c.json({ code: 0, message: 'ok', data: null });
  });

  return app;
}
