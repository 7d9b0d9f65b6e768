import { useStore } from '@nanostores/react';
import { t } from '../../src/i18n/translate.ts';
import { $routes } from '../../src/stores/routes.ts';
import { HOME_PATH } from '../router/static-routes.ts';
import { routeTitle } from './route-title.ts';

export interface Crumb {
  title: string;
  path?: string;
}

/** Home first, then the menu group (when it is a submenu), then the page. */
export function useCrumbs(pagePath: string, pageTitle: string): Crumb[] {
  const routes = useStore($routes);
  const crumbs: Crumb[] = [{ title: t('route.home'), path: HOME_PATH }];
  if (pagePath === HOME_PATH) return crumbs;
  const group = routes.find((r) => r.children?.some((c) => c.path === pagePath));
  const visibleSiblings = group?.children?.filter((c) => !c.hidden).length ?? 0;
  if (group && visibleSiblings > 1) crumbs.push({ title: routeTitle(group.meta.title) });
  crumbs.push({ title: pageTitle });
  return crumbs;
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="lp-breadcrumbs" aria-label={t('host.nav.breadcrumb')}>
      <ol>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${crumb.path ?? ''}:${crumb.title}`}>
              {crumb.path && !last ? (
                <a href={crumb.path}>{crumb.title}</a>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
