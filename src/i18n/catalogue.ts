import type { Locale } from './locale.ts';
import * as api from './messages/api.ts';
import type * as addresses from './messages/addresses.ts';
import type * as chat from './messages/chat.ts';
import * as common from './messages/common.ts';
import type * as dataTable from './messages/data-table.ts';
import type * as downloadCenter from './messages/download-center.ts';
import type * as help from './messages/help.ts';
import type * as homeOverview from './messages/home-overview.ts';
import type * as host from './messages/host.ts';
import type * as inventory from './messages/inventory.ts';
import type * as orderEditor from './messages/order-editor.ts';
import type * as orderFiles from './messages/order-files.ts';
import type * as orderDrafts from './messages/order-drafts.ts';
import type * as orderList from './messages/order-list.ts';
import type * as orderView from './messages/order-view.ts';
import type * as password from './messages/password.ts';
import type * as projects from './messages/projects.ts';
import type * as sites from './messages/sites.ts';
import type * as stations from './messages/stations.ts';
import * as routes from './messages/routes.ts';
import * as session from './messages/session.ts';
import type * as supplier from './messages/supplier.ts';
import type * as switcher from './messages/switcher.ts';
import * as time from './messages/time.ts';
import * as ui from './messages/ui.ts';

/**
 * The shared catalogue: areas every element may show (common words, API errors, route titles,
 * session messages, times, UI kit), merged. Add a shared area: create `messages/<area>.ts`
 * exporting `zh` (as const) and `en: Record<keyof typeof zh, string>`, then spread it into both
 * objects below.
 *
 * Feature areas (host shell, customer switcher, password dialogs, chat, data table) are merged
 * at run time instead, by `registerMessages()` in `areas/<area>.ts`, so that an element carries
 * only its own strings: add the area's type to `FeatureMessages` below and an `areas/<area>.ts`
 * that registers it; every module that names one of its keys imports that file (the host: once,
 * in host/app.tsx). `src/i18n/areas.test.ts` checks both rules, on the sources and on the
 * bundles (docs/decisions/element-anatomy.md).
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
type FeatureMessages = typeof host.zh &
  typeof switcher.zh &
  typeof password.zh &
  typeof chat.zh &
  typeof dataTable.zh &
  typeof orderFiles.zh &
  typeof orderEditor.zh &
  typeof orderView.zh &
  typeof orderList.zh &
  typeof orderDrafts.zh &
  typeof sites.zh &
  typeof stations.zh &
  typeof projects.zh &
  typeof addresses.zh &
  typeof inventory.zh &
  typeof help.zh &
  typeof downloadCenter.zh &
  typeof supplier.zh &
  typeof homeOverview.zh;

export type SharedKey = keyof typeof zhCN;
export type MessageKey = SharedKey | keyof FeatureMessages;
export const catalogues: Record<Locale, Record<SharedKey, string>> = { 'zh-CN': zhCN, en };

/** A feature area's messages, as `messages/<area>.ts` exports them. */
export interface MessageArea {
  zh: Readonly<Record<string, string>>;
  en: Readonly<Record<string, string>>;
}
