import * as v from 'valibot';
import { Id, IntIn } from '../fields.ts';
import { msg } from '../messages.ts';

/** What a user can be told of (each with its own channels). */
export const NOTIFICATION_KINDS = [
  'approval_needed',
  'excursion_opened',
  'excursion_decided',
  'document_rejected',
  'modification_answered',
  'delivered',
  'export_ready',
  'new_device_sign_in',
  'webhook_disabled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
const Kind = v.picklist(NOTIFICATION_KINDS, msg('oneOf', { values: NOTIFICATION_KINDS.join(', ') }));

/** One entry of the bell's list: what happened, to which record, and where to act. */
export const NotificationSchema = v.strictObject({
  id: v.number(),
  kind: v.picklist(NOTIFICATION_KINDS),
  /** The order's or case's number it names (a new device's notice: the device, the masked address, the time). */
  ref: v.string(),
  /** Where to act, inside the portal (`/customer-order/view/42`). */
  link: v.string(),
  created_at: v.string(),
  read: v.boolean(),
});
export type Notification = v.InferOutput<typeof NotificationSchema>;

export const NotificationListQuery = v.strictObject({
  limit: v.optional(IntIn(1, 50), 20),
  /** Entries older than this id (the next page). */
  before: v.optional(Id),
  unread: v.optional(v.picklist(['0', '1']), '0'),
});

export const NotificationListSchema = v.strictObject({
  list: v.array(NotificationSchema),
  unread: v.number(),
});
export type NotificationList = v.InferOutput<typeof NotificationListSchema>;

export const MarkReadRequest = v.strictObject({
  /** The entries to mark read; none: all of the session's customer. */
  ids: v.optional(v.pipe(v.array(Id, msg('list')), v.maxLength(200, msg('maxItems', { max: 200 })))),
});

/** The channels of one kind. */
export const KindChannelsSchema = v.strictObject({
  kind: Kind,
  portal: v.boolean(),
  email: v.boolean(),
  /** Mail once a day instead of at once. */
  digest: v.boolean(),
});
export type KindChannels = v.InferOutput<typeof KindChannelsSchema>;

const Email = v.pipe(v.string(msg('string')), v.trim(), v.maxLength(254, msg('maxLength', { max: 254 })));

export const NotificationSettingsSchema = v.strictObject({
  /** Where mail goes ('' : none). */
  email: v.string(),
  lang: v.picklist(['zh-CN', 'en']),
  kinds: v.array(KindChannelsSchema),
  /** May set the customer's defaults (an administrator of it). */
  can_set_defaults: v.boolean(),
});
export type NotificationSettings = v.InferOutput<typeof NotificationSettingsSchema>;

export const SaveSettingsRequest = v.strictObject({
  email: v.union([v.literal(''), v.pipe(Email, v.email(msg('invalid')))]),
  lang: v.picklist(['zh-CN', 'en'], msg('oneOf', { values: 'zh-CN, en' })),
  kinds: v.pipe(v.array(KindChannelsSchema, msg('list')), v.maxLength(NOTIFICATION_KINDS.length)),
});

export const DefaultsSchema = v.strictObject({ kinds: v.array(KindChannelsSchema) });
export const SaveDefaultsRequest = v.strictObject({
  kinds: v.pipe(v.array(KindChannelsSchema, msg('list')), v.maxLength(NOTIFICATION_KINDS.length)),
});

/**
 * A mail's unsubscribe link (`notification/unsubscribe`), its own permission: the user (`id`), the
 * customer (`cu`) and the kinds (comma-separated) it stops mailing, signed (HMAC) until `expires`.
 */
export const UnsubscribeQuery = v.strictObject({
  id: Id,
  cu: Id,
  kinds: v.pipe(
    v.string(msg('string')),
    v.regex(
      new RegExp(
        `^(${NOTIFICATION_KINDS.join('|')})(,(${NOTIFICATION_KINDS.join('|')})){0,${NOTIFICATION_KINDS.length - 1}}$`,
      ),
      msg('invalid'),
    ),
    v.transform((text) => [...new Set(text.split(',') as NotificationKind[])].sort()),
  ),
  expires: IntIn(0, 2 ** 40),
  signature: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)),
});

/** The confirmation's body: a mail client's one-click POST (RFC 8058) sends `List-Unsubscribe=One-Click`. */
export const UnsubscribeForm = v.strictObject({
  'List-Unsubscribe': v.optional(v.literal('One-Click')),
});
