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
