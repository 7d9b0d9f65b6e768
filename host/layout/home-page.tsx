import { useStore } from '@nanostores/react';
import { t } from '../../src/i18n/translate.ts';
import { $pages } from '../../src/stores/routes.ts';
import { $session } from '../../src/stores/session.ts';
import { ElementSlot } from './element-slot.tsx';
import { Icon } from './icons.tsx';
import { routeTitle } from './route-title.ts';

/** The home tab: who is signed in, for which customer, the customer's overview, and shortcuts to the permitted pages. */
export function HomePage() {
  const { userInfo } = useStore($session);
  const pages = useStore($pages);
  const shortcuts = pages.filter((p) => !p.path.includes(':') && !p.path.startsWith('/help-center'));
  return (
    <div className="lp-home">
      <section className="lp-home-welcome">
        <h1>{t('host.home.welcome', { name: userInfo?.name ?? '' })}</h1>
        {userInfo?.customer && (
          <p>
            {t('host.home.customer', {
              customer: `${userInfo.customer.co_name} · ${userInfo.customer.cu_name}`,
            })}
          </p>
        )}
      </section>
      {/* The customer's overview (its own element, by tag). Until it has drawn, its place is kept
          a screen high, so the shortcuts below never move within the first screen. */}
      <ElementSlot
        tag="lp-home-overview"
        className="lp-home-overview"
        fallback={<div className="lp-home-overview lp-home-overview--waiting" />}
        unavailable={<span hidden />}
      />
      <section aria-labelledby="lp-home-quick">
        <h2 id="lp-home-quick">{t('host.home.quick')}</h2>
        <ul className="lp-home-shortcuts">
          {shortcuts.map((page) => (
            <li key={page.path}>
              <a href={page.path}>
                <Icon name={page.meta.icon ?? 'list'} size={22} />
                <span>{routeTitle(page.title)}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
