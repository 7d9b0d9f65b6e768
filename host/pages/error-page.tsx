import { useT } from '../../src/ui/index.ts';
import { StandaloneFrame } from './standalone-frame.tsx';

export type ErrorKind = 'not-found' | 'unauthorized';

const TEXT = {
  'not-found': { code: 404, title: 'host.error.notFound', text: 'host.error.notFoundText' },
  unauthorized: { code: 401, title: 'host.error.unauthorized', text: 'host.error.unauthorizedText' },
} as const;

/** The /404 and /401 pages: what happened, and the way home or back. */
export function ErrorPage({ kind = 'not-found' }: { kind?: ErrorKind }) {
  const t = useT();
  const { code, title, text } = TEXT[kind];
  const canGoBack = typeof history !== 'undefined' && history.length > 1;
  return (
    <StandaloneFrame className="lp-error-page">
      <section className="lp-error-page__card" aria-labelledby="lp-error-title">
        <p className="lp-error-page__code">
          <span className="lp-visually-hidden">{t('host.error.code', { code })}</span>
          <span aria-hidden="true">{code}</span>
        </p>
        <h1 id="lp-error-title" className="lp-error-page__title">
          {capitalize(t(title))}
        </h1>
        <p className="lp-error-page__text">{t(text)}</p>
        <div className="lp-error-page__actions">
          <a className="lp-link-button" href="/">
            {t('host.error.backHome')}
          </a>
          {canGoBack && (
            <button
              type="button"
              className="lp-link-button lp-link-button--plain"
              onClick={() => history.back()}
            >
              {t('host.error.back')}
            </button>
          )}
        </div>
      </section>
    </StandaloneFrame>
  );
}

/** Titles are lower case in the catalogue (they double as tab titles); a heading starts upper case. */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
