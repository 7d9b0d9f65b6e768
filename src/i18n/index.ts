import { atom, computed } from 'nanostores';
import { type Locale, LOCALES, type MessageKey, catalogues } from './catalogue.ts';

export type { Locale, MessageKey } from './catalogue.ts';
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

/** The UI language: zh-CN by default, persisted in localStorage. */
export const $locale = atom<Locale>(initialLocale());

export function setLocale(locale: Locale): void {
  $locale.set(locale);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // not persisted; the choice still holds for this page
  }
}

type Params = Record<string, string | number>;

function format(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Translates a key in the current (or given) locale; `{name}` placeholders take `params`. */
export function t(key: MessageKey, params?: Params, locale: Locale = $locale.get()): string {
  return format(catalogues[locale][key] ?? catalogues['zh-CN'][key] ?? key, params);
}

/** True when `key` names a message (route titles from the server are keys with a fallback). */
export function isMessageKey(key: string): key is MessageKey {
  return key in catalogues['zh-CN'];
}

/** A translator bound to the current locale, recomputed when the locale changes. */
export const $t = computed($locale, (locale) => (key: MessageKey, params?: Params) => t(key, params, locale));
