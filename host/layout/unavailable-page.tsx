import { t } from '../../src/i18n/translate.ts';
import { HOME_PATH } from '../router/static-routes.ts';
import { Icon } from './icons.tsx';

/**
 * A menu page whose element this portal does not have (yet): the page's title, that it is not
 * open in this portal yet, and the way on (home, or back where the user came from). Says nothing
 * about elements or tags: that is ours to know, not the user's.
 */
export function UnavailablePage({ title }: { title: string }) {
  const canGoBack = typeof history !== 'undefined' && history.length > 1;
  return (
    <section className="lp-unavailable" aria-labelledby="lp-unavailable-title">
      <span className="lp-unavailable__art" aria-hidden="true">
        <Icon name="signpost" size={40} />
      </span>
      <p className="lp-unavailable__eyebrow">{t('host.unavailable.title')}</p>
      <h1 id="lp-unavailable-title" className="lp-unavailable__title">
        {title}
      </h1>
      <p className="lp-unavailable__text">{t('host.unavailable.text')}</p>
      <p className="lp-unavailable__text">{t('host.unavailable.hint')}</p>
      <div className="lp-unavailable__actions">
        <a className="lp-link-button" href={HOME_PATH}>
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
  );
}
