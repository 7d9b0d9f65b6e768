import * as v from 'valibot';
import { Code } from '../codes.ts';
import { NoInput, Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import {
  DefaultsSchema,
  MarkReadRequest,
  NotificationListQuery,
  NotificationListSchema,
  NotificationSettingsSchema,
  SaveDefaultsRequest,
  SaveSettingsRequest,
  UnsubscribeForm,
  UnsubscribeQuery,
} from './schemas.ts';

/**
 * The notification centre (the bell) and each user's choice of what they are told, and how:
 * in the portal, by mail at once or in the day's digest. Per user and the session's customer.
 */
const area = 'notifications';

export const notificationList = operation({
  area,
  method: 'GET',
  path: 'notification/index',
  summary: 'The user’s notifications on the session’s customer, newest first, with the unread count',
  auth: 'session',
  input: NotificationListQuery,
  output: NotificationListSchema,
});

export const notificationRead = operation({
  area,
  method: 'POST',
  path: 'notification/read',
  summary: 'Mark notifications read (the given ones, or all of the session’s customer)',
  auth: 'session',
  audit: { none: "the user's own inbox state, no GxP record" },
  input: MarkReadRequest,
  output: Nothing,
  rateLimits: [{ by: 'user', limit: 120, windowMs: 60_000 }],
});

export const notificationSettings = operation({
  area,
  method: 'GET',
  path: 'notification/settings',
  summary: 'What the user is told of and how (each kind’s channels), the mail address and language',
  auth: 'session',
  input: NoInput,
  output: NotificationSettingsSchema,
});

export const notificationSettingsSave = operation({
  area,
  method: 'POST',
  path: 'notification/settings-save',
  summary: 'Save what the user is told of and how, and where mail goes',
  auth: 'session',
  audit: { none: "the user's own preferences, no GxP record" },
  input: SaveSettingsRequest,
  output: NotificationSettingsSchema,
  rateLimits: [{ by: 'user', limit: 30, windowMs: 60_000 }],
});

export const notificationDefaults = operation({
  area,
  method: 'GET',
  path: 'notification/defaults',
  summary: 'The customer’s default channels per kind (for users who chose none); administrators only',
  auth: 'session',
  input: NoInput,
  output: DefaultsSchema,
  codes: [Code.forbidden],
});

export const notificationDefaultsSave = operation({
  area,
  method: 'POST',
  path: 'notification/defaults-save',
  summary: 'Set the customer’s default channels per kind; administrators of the customer only',
  auth: 'session',
  audit: { none: 'notification defaults of the customer, no GxP record' },
  input: SaveDefaultsRequest,
  output: DefaultsSchema,
  rateLimits: [{ by: 'user', limit: 30, windowMs: 60_000 }],
});

export const notificationUnsubscribe = operation({
  area,
  method: 'GET',
  path: 'notification/unsubscribe',
  summary:
    'A mail’s unsubscribe link, without signing in: a page (in the user’s language) that asks to stop mailing these kinds; nothing changes until its button (or a mail client’s one-click POST) is sent. Altered, foreign or expired: 403 as a page',
  auth: 'public',
  input: UnsubscribeQuery,
  output: v.string(),
  media: 'text/html',
  codes: [Code.forbidden],
  rateLimits: [{ by: 'ip', limit: 120, windowMs: 60_000 }],
});

export const notificationUnsubscribeConfirm = operation({
  area,
  method: 'POST',
  path: 'notification/unsubscribe',
  summary:
    'Stop mailing the kinds of a signed unsubscribe link (its query as the GET’s) to its user on its customer: the page’s button, or `List-Unsubscribe=One-Click` from a mail client (RFC 8058); answers a page. Altered, foreign or expired: 403, nothing changed',
  auth: 'public',
  audit: { none: "the user's own mail preference, no GxP record" },
  input: UnsubscribeForm,
  encoding: 'form',
  bodyOptional: true,
  output: v.string(),
  media: 'text/html',
  codes: [Code.forbidden],
  rateLimits: [{ by: 'ip', limit: 60, windowMs: 60_000 }],
});
