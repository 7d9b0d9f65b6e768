import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { t } from '../../src/i18n/translate.ts';
import { $pages } from '../../src/stores/routes.ts';
import { $session } from '../../src/stores/session.ts';
import { ElementSlot } from './element-slot.tsx';
import { Icon } from './icons.tsx';
import { routeTitle } from './route-title.ts';

/**
 * True once `ready` and the page has painted since (the browser idle after the next frame): the
 * overview's code and call wait for the welcome to show, so that they do not compete with the
 * page's largest paint on a slow phone.
 */
function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let idle = 0;
    const frame = requestAnimationFrame(() => {
      idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(() => setPainted(true), { timeout: 1000 })
          : window.setTimeout(() => setPainted(true), 100);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      window.clearTimeout(idle);
    };
  }, [ready, painted]);
  return painted;
}

/** The home tab: who is signed in, for which customer, the customer's overview, and shortcuts to the permitted pages. */
export function HomePage() {
  const { userInfo } = useStore($session);
  const pages = useStore($pages);
  const shortcuts = pages.filter((p) => !p.path.includes(':') && !p.path.startsWith('/help-center'));
  const loaded = useAfterPaint(userInfo !== null);
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
      {/* The customer's overview (its own element, by tag), loaded once the welcome shows. Until it
          has drawn, its place is kept a screen high, so the shortcuts below never move within the
          first screen. */}
      {loaded ? (
        <ElementSlot
          tag="lp-home-overview"
          className="lp-home-overview"
          fallback={<div className="lp-home-overview lp-home-overview--waiting" />}
          unavailable={<span hidden />}
        />
      ) : (
        <div className="lp-home-overview lp-home-overview--waiting" />
      )}
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
