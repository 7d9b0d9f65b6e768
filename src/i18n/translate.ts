import { atom, computed, type WritableAtom } from 'nanostores';
import { type Locale, LOCALES, type MessageArea, type MessageKey, catalogues } from './catalogue.ts';

export type { Locale, MessageArea, MessageKey } from './catalogue.ts';
export { LOCALES } from './catalogue.ts';

const STORAGE_KEY = 'lp-locale';

function initialLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved && (LOCALES as string[]).includes(saved)) return saved as Locale;
  } catch {
    // storage may be blocked (sandboxed iframes, privacy modes): fall back to the default
  }
  return 'zh-CN';
}

interface I18nState {
  locale: WritableAtom<Locale>;
  /** Messages of feature areas registered so far, per locale. */
  extra: Record<Locale, Record<string, string>>;
}

/**
 * One locale and one set of registered areas per page, whichever bundles load this module (the
 * same versioned global as the stores, read here directly so that i18n imports nothing of ours).
 */
const holder = globalThis as unknown as Record<symbol, Map<string, unknown> | undefined>;
const KEY = Symbol.for('lp.stores.v1');
const registry = holder[KEY] ?? new Map<string, unknown>();
holder[KEY] = registry;
if (!registry.has('i18n'))
  registry.set('i18n', { locale: atom<Locale>(initialLocale()), extra: { 'zh-CN': {}, en: {} } });
const state = registry.get('i18n') as I18nState;

/** The UI language: zh-CN by default, persisted in localStorage. */
export const $locale = state.locale;

export function setLocale(locale: Locale): void {
  $locale.set(locale);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // not persisted; the choice still holds for this page
  }
}

/** Adds a feature area's messages (idempotent); see catalogue.ts. */
export function registerMessages(area: MessageArea): void {
  Object.assign(state.extra['zh-CN'], area.zh);
  Object.assign(state.extra.en, area.en);
}

type Params = Record<string, string | number>;

function format(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

function lookup(key: string, locale: Locale): string | undefined {
  return (catalogues[locale] as Record<string, string>)[key] ?? state.extra[locale][key];
}

/** Translates a key in the current (or given) locale; `{name}` placeholders take `params`. */
export function t(key: MessageKey, params?: Params, locale: Locale = $locale.get()): string {
  return format(lookup(key, locale) ?? lookup(key, 'zh-CN') ?? key, params);
}

/** True when `key` names a message (route titles from the server are keys with a fallback). */
export function isMessageKey(key: string): key is MessageKey {
  return lookup(key, 'zh-CN') !== undefined;
}

/** A translator bound to the current locale, recomputed when the locale changes. */
export const $t = computed($locale, (locale) => (key: MessageKey, params?: Params) => t(key, params, locale));
