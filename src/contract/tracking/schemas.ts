import * as v from 'valibot';
import { Id, IntLike, Mobile, Text } from '../fields.ts';
import { msg } from '../messages.ts';
import { EXCURSION_LEVELS, MILESTONES, ORDER_NO, ORDER_STATUSES, TEMP_CLASSES } from '../orders/domain.ts';

/**
 * Order tracking for people outside the portal (a site's pharmacist, a lab, the sponsor): the
 * `<lp-order-status>` element. An order number alone reveals nothing: a lookup needs a second
 * factor, either the last four digits of the stop side's phone or a share code. A share (made by
 * a portal user in the order view, with an expiry, revocable) has two forms of one secret:
 * - a short code the user can read out (`SHARE_CODE_LENGTH` characters of Crockford base32,
 *   typed with the order number: "7KQ2M-9PX4D"), and
 * - a signed link token (`SHARE_TOKEN`: the share's id and expiry, signed by the server), which
 *   a share link carries, so the link opens the status without asking anything.
 * Every answer carries the masked status only: parties as company and city at most (asterisks
 * where the order masks that side), never phones, contacts or addresses.
 */

export const SHARE_CODE_LENGTH = 10;
/** Days a share may live (the order view offers 1, 7, 30 and 90). */
export const SHARE_DAYS_MAX = 90;
/** A signed share token: `<payload>.<signature>`, both base64url. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{8,200}\.[A-Za-z0-9_-]{16,100}$/;
const TOKEN_MAX = 320;

/** A typed share code: case, spaces and dashes do not matter; I, L → 1 and O → 0 (Crockford). */
export function normalizeShareCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

const OrderNo = v.pipe(
  v.string(msg('string')),
  v.trim(),
  v.toUpperCase(),
  v.nonEmpty(msg('required')),
  v.regex(ORDER_NO, msg('invalid')),
);

const Phone4 = v.pipe(v.string(msg('string')), v.trim(), v.regex(/^\d{4}$/, msg('phone4')));

/** A typed share code or a share link's token (the server tells them apart by their shape). */
const ShareCode = v.pipe(v.string(msg('string')), v.trim(), v.nonEmpty(msg('required')), Text(TOKEN_MAX));

/**
 * `POST tracking/lookup`: the order number with exactly one second factor. After repeated
 * failures for the order number or the client address the server answers 475 until `captcha`
 * carries the answer to `GET tracking/captcha` (same `order_no`).
 */
export const LookupRequest = v.pipe(
  v.strictObject({
    order_no: OrderNo,
    phone4: v.optional(Phone4),
    share_code: v.optional(ShareCode),
    captcha: v.optional(Text(16)),
  }),
  v.forward(
    v.check((x) => (x.phone4 === undefined) !== (x.share_code === undefined), msg('phone4OrCode')),
    ['phone4'],
  ),
);
export type LookupRequest = v.InferInput<typeof LookupRequest>;

/**
 * `POST tracking/captcha-sms`: the captcha's alternative (for people who cannot read the image):
 * the recipient's mobile number as the person types it. A 6-digit code goes to it only when it is
 * the order's recipient's, and the next lookup carries the code as its `captcha`.
 */
export const CaptchaSmsRequest = v.strictObject({ order_no: OrderNo, mobile: Mobile });
export type CaptchaSmsRequest = v.InferInput<typeof CaptchaSmsRequest>;
/** The number as typed, masked (`138****5678`): the same answer whether it matched or not. */
export const CaptchaSmsResponse = v.object({ mobile: v.string() });

/** `GET tracking/captcha?order_no=`: a PNG captcha for the next lookup of that order number. */
export const CaptchaQuery = v.strictObject({
  order_no: OrderNo,
  /** Cache buster of the image URL (as `user/captcha`'s): a refresh loads a new image. */
  t: v.optional(v.pipe(v.string(msg('string')), v.regex(/^\d{1,16}$/, msg('integer')))),
});

/** Follow-up reads carry the `view` token a lookup (or a share link) gave. */
export const ViewQuery = v.strictObject({ view: v.pipe(v.string(msg('string')), Text(TOKEN_MAX)) });
export type ViewQuery = v.InferInput<typeof ViewQuery>;

/** `POST tracking/open`: a share link's token (no second factor). */
export const OpenRequest = v.strictObject({ share_code: ShareCode });

const Stamp = v.string(); // ISO 8601
const MaybeStamp = v.nullable(v.string());

/** One side of the order as a tracker may see it: company (asterisks when masked) and city. */
export const TrackedPartySchema = v.strictObject({ company: v.string(), city: v.string() });

/** A step of the timeline: each of the provider's milestones, reached (`at`) or not yet. */
export const TrackedStepSchema = v.strictObject({
  milestone: v.picklist(MILESTONES),
  at: MaybeStamp,
  /** Where it happened (a city or depot; '' when unknown). */
  location: v.string(),
});

/** The masked status of one order: everything `<lp-order-status>` shows. */
export const TrackingSchema = v.strictObject({
  order_no: v.string(),
  status: v.picklist(ORDER_STATUSES),
  milestone: v.picklist(MILESTONES),
  temp_class: v.picklist(TEMP_CLASSES),
  /** The worst excursion so far ('none' when the readings stayed within the class's limits). */
  excursion: v.picklist(EXCURSION_LEVELS),
  from: TrackedPartySchema,
  to: TrackedPartySchema,
  pickup_at: MaybeStamp,
  /** The expected delivery (the order's deliver-by time). */
  deliver_by: MaybeStamp,
  delivered_at: MaybeStamp,
  cancelled_at: MaybeStamp,
  steps: v.array(TrackedStepSchema),
  /** The signer's name: only for a signed-in portal user of the order's customer, and never when that side is masked. */
  signer: v.nullable(v.string()),
  signed_at: MaybeStamp,
  /** The order has logger readings (the element then offers the temperature chart). */
  has_readings: v.boolean(),
  /** Changes whenever anything above changes (a follower compares it). */
  version: v.number(),
  updated_at: Stamp,
});
export type Tracking = v.InferOutput<typeof TrackingSchema>;

/** A lookup's answer: the status, and the token that reads it again until `view_expires_at`. */
export const LookupAnswer = v.strictObject({
  view: v.string(),
  view_expires_at: Stamp,
  tracking: TrackingSchema,
});
export type LookupAnswer = v.InferOutput<typeof LookupAnswer>;

/** `GET tracking/temperature`: readings (at most `READINGS_MAX`, evenly thinned), the class's limits and the excursions. */
export const READINGS_MAX = 600;
export const TrackedTemperatureSchema = v.strictObject({
  temp_class: v.picklist(TEMP_CLASSES),
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
  excursion: v.picklist(EXCURSION_LEVELS),
  readings: v.array(v.strictObject({ at: Stamp, celsius: v.number() })),
  excursions: v.array(
    v.strictObject({
      from: Stamp,
      to: Stamp,
      peak: v.number(),
      minutes: v.number(),
      level: v.picklist(EXCURSION_LEVELS),
    }),
  ),
});
export type TrackedTemperature = v.InferOutput<typeof TrackedTemperatureSchema>;

// ---- shares, made and revoked by portal users in the order view ----

export const ShareCreateRequest = v.strictObject({
  /** The order's id. */
  id: Id,
  days: v.pipe(
    IntLike,
    v.minValue(1, msg('min', { min: 1 })),
    v.maxValue(SHARE_DAYS_MAX, msg('max', { max: SHARE_DAYS_MAX })),
  ),
});
export type ShareCreateRequest = v.InferInput<typeof ShareCreateRequest>;

/**
 * A share as its order's list and a revoke answer it: never its code or link (either opens the
 * order's status with its number); the code's last 4 characters name it.
 */
const shareItemEntries = {
  id: v.number(),
  order_id: v.number(),
  order_no: v.string(),
  /** The code's last 4 characters (`9PX4D` → `PX4D`). */
  code_tail: v.string(),
  expires_at: Stamp,
  revoked_at: MaybeStamp,
  created_at: Stamp,
  created_by: v.string(),
  /** The last time the share opened the status (null: never used). */
  last_used_at: MaybeStamp,
};
export const ShareItemSchema = v.strictObject(shareItemEntries);
export type ShareItem = v.InferOutput<typeof ShareItemSchema>;

/** A share as it is made: the only answer that carries its code and link (shown once). */
export const ShareSchema = v.strictObject({
  ...shareItemEntries,
  /** The short code (grouped for reading: `7KQ2M-9PX4D`). */
  code: v.string(),
  /** The signed token a share link carries. */
  token: v.string(),
  /** The portal's own tracking page for this share (`/track?share=<token>`), a path under the portal's origin. */
  path: v.string(),
});
export type Share = v.InferOutput<typeof ShareSchema>;

export const ShareListQuery = v.strictObject({ id: Id });
export const ShareListSchema = v.strictObject({ list: v.array(ShareItemSchema) });
export const ShareRevokeRequest = v.strictObject({ share_id: Id });
