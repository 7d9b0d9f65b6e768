import type { ReactNode } from 'react';
import { useT } from '../../src/ui/index.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { BrandMark } from './login/brand-panel.tsx';
import { standaloneCss } from './pages.styles.ts';
import { useDocumentLang } from './use-document-lang.ts';
import { usePageCss } from './use-page-css.ts';

/** The frame of the full-screen pages: a bar with the product name and the language switch. */
export function StandaloneFrame({ children, className }: { children: ReactNode; className?: string }) {
  const t = useT();
  useDocumentLang();
  usePageCss(standaloneCss);
  return (
    <div className={['lp-standalone', className].filter(Boolean).join(' ')}>
      <header className="lp-standalone__bar">
        <a className="lp-standalone__brand" href="/">
          <BrandMark size={28} />
          <span>{t('app.name')}</span>
        </a>
        <LanguageSwitch />
      </header>
      <main className="lp-standalone__main">{children}</main>
    </div>
  );
}
