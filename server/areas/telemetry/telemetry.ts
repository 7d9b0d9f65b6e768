import type * as v from 'valibot';
import { Code } from '../../src/contract/codes.ts';
import type { DataTrackingQuery, ErrorLogRequest } from '../../src/contract/telemetry.ts';
import type { DB } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';

/** Per-IP limits of the telemetry calls: generous, a busy page sends a few events a second at most. */
export const TELEMETRY_LIMIT = 120;
export const TELEMETRY_WINDOW_MS = 60_000;

const USER_AGENT_MAX = 512;

/**
 * Database failures of a telemetry call become 543 ("background call failed"), which the client
 * keeps silent; answers the call already decided (429) pass through.
 */
export async function backgroundCall<T>(work: Promise<T>, what: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    console.error(`[telemetry] could not store ${what}:`, error instanceof Error ? error.message : error);
    throw new ApiError(Code.backgroundFailed, `${what} could not be stored`);
  }
}

/**
 * Stores one tracking event. The `token` of the query is never stored: the user is identified
 * by `uid` of the session (when the X-Token is valid), the rest is the client's own description.
 */
export async function recordTracking(
  db: DB,
  event: v.InferOutput<typeof DataTrackingQuery>,
  uid: number | null,
): Promise<void> {
  await backgroundCall(
    db
      .insertInto('tracking_events')
      .values({
        uid,
        client_time: event.time,
        customer: event.customer,
        account: event.account,
        role: event.role,
        page: event.page,
        element: event.element,
        description: event.description,
        type: event.type,
        element_code: event.element_code,
      })
      .execute(),
    'tracking event',
  );
}

/** Stores one front-end error report with the reporting browser's user agent. */
export async function recordErrorLog(
  db: DB,
  report: v.InferOutput<typeof ErrorLogRequest>,
  uid: number | null,
  userAgent: string,
): Promise<void> {
  await backgroundCall(
    db
      .insertInto('error_logs')
      .values({
        uid,
        url: report.url,
        message: report.message,
        tag: report.tag,
        type: report.type,
        cu_id: report.cu_id === undefined ? '' : String(report.cu_id).slice(0, 64),
        user_agent: userAgent.slice(0, USER_AGENT_MAX),
      })
      .execute(),
    'error report',
  );
}
