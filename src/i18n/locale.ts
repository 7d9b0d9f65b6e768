import { atom, type WritableAtom } from 'nanostores';

/**
 * The page's language and the registered feature messages, without any catalogue: the small
 * module a tiny element (the chat launcher) subscribes to. `translate.ts` builds `t()` on it.
 */
export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

const STORAGE_KEY = 'lp-locale';

function initialLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLocale(saved)) return saved;
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

/** The user's choice: the page's language, remembered for the next visit. */
export function setLocale(locale: Locale): void {
  $locale.set(locale);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // not persisted; the choice still holds for this page
  }
}

/** Feature-area messages registered on this page (translate.ts reads and fills them). */
export const registeredMessages = state.extra;
