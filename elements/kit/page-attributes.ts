import { setApiBase } from '../../src/api/config.ts';
import { $locale, isLocale } from '../../src/i18n/locale.ts';

/** The attributes every element takes (docs/decisions/element-anatomy.md), as kit property types. */
export const PAGE_PROPERTIES = { apiBase: 'string', locale: 'string' } as const;
export type PageAttribute = 'api-base' | 'locale';
export const PAGE_ATTRIBUTES: readonly PageAttribute[] = ['api-base', 'locale'];

/**
 * Applies `api-base` or `locale` when an element's attribute is set or changes. Both are
 * page-wide: one API and one language per page, so the last element to set one wins, and
 * removing the attribute changes nothing.
 * - `api-base`: every call of the page goes to that base URL (`setApiBase`).
 * - `locale`: a known locale (`zh-CN`, `en`) becomes the page's language; it is not persisted
 *   (the user's own choice stays in storage); an unknown value changes nothing.
 */
export function applyPageAttribute(name: PageAttribute, value: string | null): void {
  if (!value) return;
  if (name === 'api-base') setApiBase(value);
  else if (isLocale(value) && $locale.get() !== value) $locale.set(value);
}
