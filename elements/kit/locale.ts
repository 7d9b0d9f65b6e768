import { $locale, LOCALES, type Locale } from '../../src/i18n/translate.ts';

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

/**
 * Applies an element's `locale` attribute: a known locale becomes the page's language (one
 * language per page; not persisted, the user's own choice stays in storage). Unknown or missing
 * values change nothing.
 */
export function applyLocale(value: string | null | undefined): void {
  if (value && isLocale(value) && $locale.get() !== value) $locale.set(value);
}
