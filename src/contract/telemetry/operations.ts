import { Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import { DataTrackingQuery, ErrorLogRequest } from './schemas.ts';

const area = 'telemetry';
/** Each telemetry call allows this many calls a minute per client address. */
const LIMIT = { by: 'ip', limit: 120, windowMs: 60_000 } as const;

/** Works with or without a token: a valid one adds the user; failures to store answer 543. */
export const dataTracking = operation({
  area,
  method: 'GET',
  path: 'common/data-tracking',
  summary: 'Store a tracking event (element code 1 action, 2 failure, 3 timeout)',
  auth: 'optional',
  audit: { none: 'telemetry, no GxP record' },
  input: DataTrackingQuery,
  output: Nothing,
  rateLimits: [LIMIT],
  background: true,
});

export const errorLog = operation({
  area,
  method: 'POST',
  path: 'common/error-log',
  summary: 'Store a front-end error report',
  auth: 'optional',
  audit: { none: 'telemetry, no GxP record' },
  input: ErrorLogRequest,
  output: Nothing,
  rateLimits: [LIMIT],
  background: true,
});
