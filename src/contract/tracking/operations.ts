import { LiveTicketSchema } from '../live/schemas.ts';
import * as v from 'valibot';
import { Code } from '../codes.ts';
import { operation, READS } from '../operation.ts';
import { RetryAfter, WaitSeconds } from '../refusals.ts';
import {
  CaptchaQuery,
  CaptchaSmsRequest,
  CaptchaSmsResponse,
  LookupAnswer,
  LookupRequest,
  OpenRequest,
  ShareCreateRequest,
  ShareItemSchema,
  ShareListQuery,
  ShareListSchema,
  ShareRevokeRequest,
  ShareSchema,
  TrackedTemperatureSchema,
  TrackingSchema,
  ViewQuery,
} from './schemas.ts';

/**
 * Order tracking (`<lp-order-status>` on partner pages, and the portal's public `/track` page):
 * public calls open to the configured partner origins (CORS), answering the masked status only;
 * and the share calls of the order view. See schemas.ts for the second factor and shares.
 */
const area = 'tracking';
const MINUTE = 60_000;

/** Reads with a view token: a follower polls every 15 s at most while visible. */
const VIEW_READS = { by: 'ip', limit: 120, windowMs: MINUTE, bucket: 'tracking-read' } as const;

export const lookup = operation({
  area,
  method: 'POST',
  path: 'tracking/lookup',
  summary:
    'An order’s masked status by order number and a second factor (last 4 phone digits of the stop side, or a share code); a captcha after repeated failures',
  auth: 'optional',
  audit: READS,
  cors: true,
  input: LookupRequest,
  output: LookupAnswer,
  // Per address only: a limit per order number let anyone block its recipient (issue 27); the
  // failures per order number ask for a captcha, per address and order number they refuse (429).
  rateLimits: [{ by: 'ip', limit: 20, windowMs: MINUTE, bucket: 'tracking-lookup' }],
  // 404: no such order or the factor does not match (one answer for both: nothing is confirmed)
  codes: [Code.notFound, Code.captchaRequired, Code.captchaExpired],
  refusals: { [Code.tooManyRequests]: v.nullable(RetryAfter) },
});

export const captcha = operation({
  area,
  method: 'GET',
  path: 'tracking/captcha',
  summary: 'The captcha image (PNG) a lookup of this order number needs after repeated failures',
  auth: 'public',
  cors: true,
  input: CaptchaQuery,
  output: v.string(),
  media: 'image/png',
  // per address only: the image is the address's own (keyed by order number and address)
  rateLimits: [{ by: 'ip', limit: 30, windowMs: MINUTE, bucket: 'tracking-captcha' }],
});

export const captchaSms = operation({
  area,
  method: 'POST',
  path: 'tracking/captcha-sms',
  summary:
    "The captcha's alternative: its answer as a 6-digit code by SMS to the order's recipient, sent only when the number typed is the recipient's mobile (same answer either way)",
  auth: 'public',
  audit: { none: "sends the tracking captcha's code by SMS; reads nothing but the order's masked status" },
  cors: true,
  input: CaptchaSmsRequest,
  output: CaptchaSmsResponse,
  // Each text costs money and reaches a person: few per address, and one a minute per order and
  // number (sms-alternative.ts). No limit per order number: anyone could use it up.
  rateLimits: [{ by: 'ip', limit: 5, windowMs: 15 * MINUTE, bucket: 'tracking-sms' }],
  refusals: { [Code.tooManyRequests]: v.nullable(v.union([RetryAfter, WaitSeconds])) },
});

export const open = operation({
  area,
  method: 'POST',
  path: 'tracking/open',
  summary: 'An order’s masked status from a share link’s signed token (no second factor)',
  auth: 'optional',
  audit: READS,
  cors: true,
  input: OpenRequest,
  output: LookupAnswer,
  rateLimits: [{ by: 'ip', limit: 30, windowMs: MINUTE, bucket: 'tracking-lookup' }],
  // 404: unknown, forged, expired or revoked (one answer for all)
  codes: [Code.notFound],
});

export const status = operation({
  area,
  method: 'GET',
  path: 'tracking/status',
  summary: 'The order’s masked status again, for a view token (404 once it expired or its share was revoked)',
  auth: 'optional',
  cors: true,
  input: ViewQuery,
  output: TrackingSchema,
  rateLimits: [VIEW_READS],
  codes: [Code.notFound],
});

export const liveTicket = operation({
  area,
  method: 'GET',
  path: 'tracking/live-ticket',
  summary: 'A ticket to follow the viewed order on the live stream (`live/stream`), for a view token',
  auth: 'public',
  cors: true,
  input: ViewQuery,
  output: LiveTicketSchema,
  rateLimits: [VIEW_READS],
  codes: [Code.notFound],
});

export const temperature = operation({
  area,
  method: 'GET',
  path: 'tracking/temperature',
  summary: 'The order’s readings (thinned), its class’s limits and excursions, for a view token',
  auth: 'optional',
  cors: true,
  input: ViewQuery,
  output: TrackedTemperatureSchema,
  rateLimits: [VIEW_READS],
  codes: [Code.notFound],
});

export const shareCreate = operation({
  area,
  method: 'POST',
  path: 'customer-order/share-create',
  summary: 'Share an order’s tracking: a code and a signed link, valid for 1–90 days',
  auth: 'session',
  audit: { records: ['order'] },
  input: ShareCreateRequest,
  output: ShareSchema,
  rateLimits: [{ by: 'user', limit: 30, windowMs: MINUTE }],
  codes: [Code.notFound],
});

export const shareList = operation({
  area,
  method: 'GET',
  path: 'customer-order/share-list',
  summary: 'An order’s shares, newest first (revoked and expired ones included)',
  auth: 'session',
  input: ShareListQuery,
  output: ShareListSchema,
  codes: [Code.notFound],
});

export const shareRevoke = operation({
  area,
  method: 'POST',
  path: 'customer-order/share-revoke',
  summary: 'End a share at once: its code, link and the views opened with them stop working',
  auth: 'session',
  audit: { records: ['order'] },
  input: ShareRevokeRequest,
  output: ShareItemSchema,
  codes: [Code.notFound],
});
