import { atom, type WritableAtom } from 'nanostores';
import { isLocale, type Locale, LOCALES, savedLocale, saveLocale } from './saved-locale.ts';

/**
 * The page's language and the registered feature messages, without any catalogue: the small
 * module a tiny element (the chat launcher) subscribes to. `translate.ts` builds `t()` on it.
 */
export { isLocale, type Locale, LOCALES };

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
  registry.set('i18n', { locale: atom<Locale>(savedLocale()), extra: { 'zh-CN': {}, en: {} } });
const state = registry.get('i18n') as I18nState;

/** The UI language: zh-CN by default, persisted in localStorage. */
export const $locale = state.locale;

/** The user's choice: the page's language, remembered for the next visit. */
export function setLocale(locale: Locale): void {
  $locale.set(locale);
  saveLocale(locale);
}

/** Feature-area messages registered on this page (translate.ts reads and fills them). */
export const registeredMessages = state.extra;
