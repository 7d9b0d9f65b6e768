import * as v from 'valibot';
import { IntIn, IntLike, OptionalText, Text } from '../fields.ts';
import { msg } from '../messages.ts';

/** Tracking element codes (spec §9): 1 action, 2 failure, 3 timeout. */
export const TrackingCode = { action: 1, failure: 2, timeout: 3 } as const;

/** `GET common/data-tracking` query (spec §7). */
export const DataTrackingQuery = v.strictObject({
  time: OptionalText(40),
  customer: OptionalText(128),
  account: OptionalText(64),
  role: OptionalText(64),
  page: OptionalText(512),
  element: OptionalText(256),
  description: OptionalText(1000),
  /** Sent by the spec's client; never stored (the session identifies the user). */
  token: OptionalText(256),
  type: v.optional(IntIn(0, 99), 2),
  element_code: v.pipe(IntLike, v.picklist([1, 2, 3], msg('oneOf', { values: '1, 2, 3' }))),
});
export type DataTrackingQuery = v.InferInput<typeof DataTrackingQuery>;

/** `POST common/error-log` body. */
export const ErrorLogRequest = v.strictObject({
  url: Text(2048),
  message: v.pipe(Text(4000), v.nonEmpty(msg('required'))),
  tag: OptionalText(128),
  type: OptionalText(64),
  cu_id: v.optional(v.union([v.pipe(v.number(), v.integer()), Text(64)], msg('invalid'))),
});
export type ErrorLogRequest = v.InferInput<typeof ErrorLogRequest>;
