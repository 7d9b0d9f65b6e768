import { computed } from 'nanostores';
import { catalogues, type MessageArea, type MessageKey } from './catalogue.ts';
import { $locale, type Locale, registeredMessages } from './locale.ts';

export type { MessageArea, MessageKey } from './catalogue.ts';
export { $locale, isLocale, type Locale, LOCALES, setLocale } from './locale.ts';

/**
 * The translator: the shared catalogue (catalogue.ts) and the feature areas registered on this
 * page. It registers no feature area itself: a module that names an area's keys imports
 * `areas/<area>.ts`.
 */

/** Adds a feature area's messages (idempotent); see catalogue.ts. */
export function registerMessages(area: MessageArea): void {
  Object.assign(registeredMessages['zh-CN'], area.zh);
  Object.assign(registeredMessages.en, area.en);
}

type Params = Record<string, string | number>;

const pluralRules = new Map<Locale, Intl.PluralRules>();
const pluralOf = (locale: Locale, n: number) => {
  const rules = pluralRules.get(locale) ?? new Intl.PluralRules(locale);
  pluralRules.set(locale, rules);
  return rules.select(n);
};

/**
 * Fills `{name}` with `params.name`, and `{name|one|other}` with the word that fits the number
 * `params.name` in the locale ("{total} {total|item|items}": "1 item", "2 items").
 */
function format(template: string, locale: Locale, params?: Params): string {
  if (!params) return template;
  return template.replace(
    /\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g,
    (m, name: string, one?: string, other?: string) => {
      if (!(name in params)) return m;
      if (one === undefined) return String(params[name]);
      return pluralOf(locale, Number(params[name])) === 'one' ? one : (other ?? '');
    },
  );
}

function lookup(key: string, locale: Locale): string | undefined {
  return (catalogues[locale] as Record<string, string>)[key] ?? registeredMessages[locale][key];
}

/** Translates a key in the current (or given) locale; `{name}` placeholders take `params`. */
export function t(key: MessageKey, params?: Params, locale: Locale = $locale.get()): string {
  return format(lookup(key, locale) ?? lookup(key, 'zh-CN') ?? key, locale, params);
}

/** True when `key` names a message (route titles from the server are keys with a fallback). */
export function isMessageKey(key: string): key is MessageKey {
  return lookup(key, 'zh-CN') !== undefined;
}

/** A translator bound to the current locale, recomputed when the locale changes. */
export const $t = computed($locale, (locale) => (key: MessageKey, params?: Params) => t(key, params, locale));
