import type * as account from './messages/account.ts';
import * as api from './messages/api.ts';
import type * as chat from './messages/chat.ts';
import type * as dataTable from './messages/data-table.ts';
import * as common from './messages/common.ts';
import type * as host from './messages/host.ts';
import * as routes from './messages/routes.ts';
import * as session from './messages/session.ts';
import * as time from './messages/time.ts';
import * as ui from './messages/ui.ts';

/**
 * The shared catalogue: areas every element may show (common words, API errors, route titles,
 * session messages, times, UI kit), merged. Add a shared area: create `messages/<area>.ts`
 * exporting `zh` (as const) and `en: Record<keyof typeof zh, string>`, then spread it into both
 * objects below.
 *
 * Feature areas (host shell, account dialogs, chat, form field messages) are merged at run time
 * instead, by `registerMessages()` from `areas/<area>.ts`, so that an element carries only its
 * own strings: add the area's type to `FeatureMessages` below and an `areas/<area>.ts` that
 * registers it.
 * `index.ts` registers every feature area (the whole catalogue, for the host and for code that
 * has not picked its areas); `translate.ts` plus `areas/<area>.ts` is the lean way.
 */
export const zhCN = {
  ...common.zh,
  ...api.zh,
  ...routes.zh,
  ...session.zh,
  ...time.zh,
  ...ui.zh,
} as const;
export const en: Record<SharedKey, string> = {
  ...common.en,
  ...api.en,
  ...routes.en,
  ...session.en,
  ...time.en,
  ...ui.en,
};

/** Feature areas, registered at run time (see above). */
type FeatureMessages = typeof host.zh & typeof account.zh & typeof chat.zh & typeof dataTable.zh;

export type SharedKey = keyof typeof zhCN;
export type MessageKey = SharedKey | keyof FeatureMessages;
export const catalogues = { 'zh-CN': zhCN as Record<SharedKey, string>, en } as const;
export type Locale = keyof typeof catalogues;
export const LOCALES = Object.keys(catalogues) as Locale[];

/** A feature area's messages, as `messages/<area>.ts` exports them. */
export interface MessageArea {
  zh: Readonly<Record<string, string>>;
  en: Readonly<Record<string, string>>;
}
