import * as v from 'valibot';
import { IntLike } from './common.ts';

/** Text the database can hold: PostgreSQL text refuses the NUL character. */
const NO_NUL = /^[^\0]*$/;

const Text = (max: number) =>
  v.pipe(
    v.string('must be a string'),
    v.maxLength(max, `at most ${max} characters`),
    v.regex(NO_NUL, 'must not contain NUL characters'),
  );

const Short = (max: number) => v.optional(Text(max), '');

/** Tracking element codes (spec §9): 1 action, 2 failure, 3 timeout. */
export const TrackingCode = { action: 1, failure: 2, timeout: 3 } as const;

/** `GET common/data-tracking` query (spec §7). */
export const DataTrackingQuery = v.strictObject({
  time: Short(40),
  customer: Short(128),
  account: Short(64),
  role: Short(64),
  page: Short(512),
  element: Short(256),
  description: Short(1000),
  /** Sent by the spec's client; never stored (the session identifies the user). */
  token: Short(256),
  type: v.optional(v.pipe(IntLike, v.minValue(0, 'type is 0 to 99'), v.maxValue(99, 'type is 0 to 99')), 2),
  element_code: v.pipe(IntLike, v.picklist([1, 2, 3], 'element_code is 1, 2 or 3')),
});

/** `POST common/error-log` body. */
export const ErrorLogRequest = v.strictObject({
  url: Text(2048),
  message: v.pipe(Text(4000), v.nonEmpty('message is required')),
  tag: Short(128),
  type: Short(64),
  cu_id: v.optional(v.union([v.pipe(v.number(), v.integer()), Text(64)], 'cu_id is a number or a string')),
});
