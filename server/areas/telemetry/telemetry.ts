import type * as v from 'valibot';
import type { DataTrackingQuery, ErrorLogRequest } from '../../../src/contract/telemetry/schemas.ts';
import type { DB } from '../../db/database.ts';

const USER_AGENT_MAX = 512;

/**
 * Stores one tracking event (a failure answers 543: the operations are `background`). The `token` of the query is never stored: the user is identified
 * by `uid` of the session (when the X-Token is valid), the rest is the client's own description.
 */
export async function recordTracking(
  db: DB,
  event: v.InferOutput<typeof DataTrackingQuery>,
  uid: number | null,
): Promise<void> {
  await db
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
    .execute();
}

/** Stores one front-end error report with the reporting browser's user agent. */
export async function recordErrorLog(
  db: DB,
  report: v.InferOutput<typeof ErrorLogRequest>,
  uid: number | null,
  userAgent: string,
): Promise<void> {
  await db
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
    .execute();
}
