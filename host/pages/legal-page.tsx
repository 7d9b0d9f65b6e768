import { useStore } from '@nanostores/react';
import { $locale } from '../../src/i18n/translate.ts';
import { useT } from '../../src/ui/index.ts';
import type { LegalDocument } from './legal/legal-document.ts';
import { privacyPolicy } from './legal/privacy-policy.ts';
import { serviceAgreement } from './legal/service-agreement.ts';
import { StandaloneFrame } from './standalone-frame.tsx';

export type LegalDoc = 'service-agreement' | 'privacy-policy';

const DOCUMENTS: Record<LegalDoc, LegalDocument> = {
  'service-agreement': serviceAgreement,
  'privacy-policy': privacyPolicy,
};

/** /service-agreement and /privacy-policy: the text in the chosen language, and the way back. */
export function LegalPage({ doc = 'service-agreement' }: { doc?: LegalDoc }) {
  const t = useT();
  const locale = useStore($locale);
  const text = DOCUMENTS[doc][locale];
  return (
    <StandaloneFrame>
      <article className="lp-legal" aria-labelledby="lp-legal-title">
        <h1 id="lp-legal-title" className="lp-legal__title">
          {text.title}
        </h1>
        <p className="lp-legal__updated">{text.updated}</p>
        {text.sections.map((section) => (
          <section key={section.heading} className="lp-legal__section">
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
        <p className="lp-legal__back">
          <a className="lp-link-button lp-link-button--plain" href="/login">
            {t('host.legal.back')}
          </a>
        </p>
      </article>
    </StandaloneFrame>
  );
}
