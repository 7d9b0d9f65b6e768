import * as v from 'valibot';
import { IntLike } from './common.ts';

const Short = (max: number) =>
  v.optional(v.pipe(v.string(), v.maxLength(max, `at most ${max} characters`)), '');

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
  token: Short(256),
  type: v.optional(IntLike, 2),
  element_code: v.pipe(IntLike, v.picklist([1, 2, 3], 'element_code is 1, 2 or 3')),
});

/** `POST common/error-log` body. */
export const ErrorLogRequest = v.strictObject({
  url: v.pipe(v.string(), v.maxLength(2048)),
  message: v.pipe(v.string(), v.nonEmpty('message is required'), v.maxLength(4000)),
  tag: Short(128),
  type: Short(64),
  cu_id: v.optional(v.union([v.number(), v.string()])),
});
