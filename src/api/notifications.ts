import * as ops from '../contract/notifications/operations.ts';
import type {
  KindChannels,
  NotificationList,
  NotificationSettings,
} from '../contract/notifications/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/** `GET notification/index`: the newest notifications and the unread count. */
export const listNotifications = (
  query: { limit?: number; before?: number } = {},
  options?: CallOptions,
): Promise<NotificationList> => call(ops.notificationList, query, options);

/** `POST notification/read`: the given ones read, or all. */
export const markNotificationsRead = (ids?: number[], options?: CallOptions): Promise<null> =>
  call(ops.notificationRead, ids ? { ids } : {}, options);

export const notificationSettings = (options?: CallOptions): Promise<NotificationSettings> =>
  call(ops.notificationSettings, {}, options);

export const saveNotificationSettings = (
  body: { email: string; lang: 'zh-CN' | 'en'; kinds: KindChannels[] },
  options?: CallOptions,
): Promise<NotificationSettings> => call(ops.notificationSettingsSave, body, options);

export const notificationDefaults = (options?: CallOptions): Promise<{ kinds: KindChannels[] }> =>
  call(ops.notificationDefaults, {}, options);

export const saveNotificationDefaults = (
  kinds: KindChannels[],
  options?: CallOptions,
): Promise<{ kinds: KindChannels[] }> => call(ops.notificationDefaultsSave, { kinds }, options);
