import * as account from './messages/account.ts';
import * as api from './messages/api.ts';
import * as chat from './messages/chat.ts';
import * as common from './messages/common.ts';
import * as host from './messages/host.ts';
import * as routes from './messages/routes.ts';
import * as session from './messages/session.ts';
import * as time from './messages/time.ts';
import * as ui from './messages/ui.ts';

/**
 * All catalogues, merged. Add an area: create `messages/<area>.ts` exporting `zh` (as const) and
 * `en: Record<keyof typeof zh, string>`, then spread it into both objects below.
 */
export const zhCN = {
  ...common.zh,
  ...api.zh,
  ...routes.zh,
  ...session.zh,
  ...time.zh,
  ...ui.zh,
  ...host.zh,
  ...account.zh,
  ...chat.zh,
} as const;
export const en: Record<MessageKey, string> = {
  ...common.en,
  ...api.en,
  ...routes.en,
  ...session.en,
  ...time.en,
  ...ui.en,
  ...host.en,
  ...account.en,
  ...chat.en,
};

export type MessageKey = keyof typeof zhCN;
export const catalogues = { 'zh-CN': zhCN as Record<MessageKey, string>, en } as const;
export type Locale = keyof typeof catalogues;
export const LOCALES = Object.keys(catalogues) as Locale[];
