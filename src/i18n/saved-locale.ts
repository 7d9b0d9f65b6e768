export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

const STORAGE_KEY = 'lp-locale';

/** The language the user chose (kept in localStorage), else zh-CN. */
export function savedLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // storage may be blocked (sandboxed iframes, privacy modes): fall back to the default
  }
  return 'zh-CN';
}

/** Keeps the choice for the next page load. */
export function saveLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // storage may be blocked: the choice lasts for this page only
  }
}
