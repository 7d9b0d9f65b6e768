import { useStore } from '@nanostores/react';
import { $locale, LOCALES, type Locale, setLocale, t } from '../../src/i18n/translate.ts';
import { Icon } from './icons.tsx';

const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', en: 'English' };

/**
 * The language select: in the top bar (its label for screen readers only) and in the settings
 * panel (its label shown), which is where a phone finds it: the bar keeps its row for the
 * customer switcher there.
 */
export function LocaleSelect({ className, labelShown = false }: { className: string; labelShown?: boolean }) {
  const locale = useStore($locale);
  return (
    <label className={className}>
      <span className={labelShown ? undefined : 'lp-visually-hidden'}>{t('host.nav.language')}</span>
      {!labelShown && <Icon name="globe" size={16} />}
      <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
