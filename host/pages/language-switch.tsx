import { useStore } from '@nanostores/react';
import { $locale, type Locale, setLocale } from '../../src/i18n/translate.ts';
import { useT } from '../../src/ui/index.ts';

const LABELS: Record<Locale, { text: string; lang: string }> = {
  'zh-CN': { text: '中文', lang: 'zh-CN' },
  en: { text: 'English', lang: 'en' },
};

/** Two toggle buttons (中文 / English) for the pages shown before sign-in. */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const locale = useStore($locale);
  return (
    <fieldset className={['lp-lang', className].filter(Boolean).join(' ')}>
      <legend className="lp-visually-hidden">{t('host.login.language')}</legend>
      {(Object.keys(LABELS) as Locale[]).map((code) => (
        <button
          key={code}
          type="button"
          lang={LABELS[code].lang}
          className="lp-lang__option"
          aria-pressed={locale === code}
          onClick={() => setLocale(code)}
        >
          {LABELS[code].text}
        </button>
      ))}
    </fieldset>
  );
}
