import type { Locale } from './locale.ts';
import * as api from './messages/api.ts';
import * as common from './messages/common.ts';
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
 * Feature areas (host shell, customer switcher, password dialogs, chat, data table) are merged
 * at run time instead, by `registerMessages()` in `areas/<area>.ts`, so that an element carries
 * only its own strings: add `messages/<area>.ts` and an `areas/<area>.ts` that registers it and
 * adds its keys to `FeatureMessages` (copy any other area's file); every module that names one of
 * its keys imports that file (the host: once, in host/app.tsx). `src/i18n/areas.test.ts` checks
 * both rules, on the sources and on the bundles (docs/decisions/element-anatomy.md).
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

/**
 * The keys of the feature areas: each `areas/<area>.ts` adds its own by declaration merging, so no
 * list here names them. Every key is known to the type checker in every file, whether or not the
 * area is registered on a page; that rule is `src/i18n/areas.test.ts`'s.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the areas' declaration merging (above)
export interface FeatureMessages {}

export type SharedKey = keyof typeof zhCN;
export type MessageKey = SharedKey | keyof FeatureMessages;
export const catalogues: Record<Locale, Record<SharedKey, string>> = { 'zh-CN': zhCN, en };

/** A feature area's messages, as `messages/<area>.ts` exports them. */
export interface MessageArea {
  zh: Readonly<Record<string, string>>;
  en: Readonly<Record<string, string>>;
}
