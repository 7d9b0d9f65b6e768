import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { t } from '../../src/i18n/translate.ts';
import { $pages } from '../../src/stores/routes.ts';
import { $views, setPageTitle } from '../../src/stores/tabs.ts';
import { $location } from '../router/location.ts';
import { normalizePath, resolvePath } from '../router/match.ts';
import { ElementSlot } from './element-slot.tsx';
import { HomePage } from './home-page.tsx';
import { type DraftHolder, setDirty } from './leave-guard.ts';
import { pageAttributes } from './page-attributes.ts';
import { routeTitle } from './route-title.ts';
import { UnavailablePage } from './unavailable-page.tsx';

/**
 * One kept page; listens for `lp-form-dirty` from the element it holds, and for `lp-page-title`
 * (the order view names its tab after the order once it is loaded).
 */
function PageFrame({ path, active, children }: { path: string; active: boolean; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onDirty = (event: Event) => {
      const detail = (event as CustomEvent<{ dirty?: boolean }>).detail;
      setDirty(path, event.target as DraftHolder, detail?.dirty === true);
    };
    const onTitle = (event: Event) => {
      const title = (event as CustomEvent<{ title?: unknown }>).detail?.title;
      if (typeof title === 'string' && title) setPageTitle(path, title);
    };
    el.addEventListener('lp-form-dirty', onDirty);
    el.addEventListener('lp-page-title', onTitle);
    return () => {
      el.removeEventListener('lp-form-dirty', onDirty);
      el.removeEventListener('lp-page-title', onTitle);
      setDirty(path, el as DraftHolder, false);
    };
  }, [path]);
  return (
    <section ref={ref} className="lp-page" data-path={path} hidden={!active}>
      {children}
    </section>
  );
}

/**
 * The query of the address when it is this page's (`?print=1` of an order), from the router: the
 * page follows each navigation to it, even to a tab already open, and not whatever the address
 * bar holds when it happens to render (another page may rewrite it with `replaceState`).
 */
function usePageSearch(path: string): string {
  const location = useStore($location);
  if (!location || normalizePath(location.path) !== path) return '';
  return `?${new URLSearchParams(location.search)}`;
}

function PageContent({ path }: { path: string }) {
  const pages = useStore($pages);
  const search = usePageSearch(path);
  const resolved = resolvePath(path, pages);
  if (resolved.kind === 'static') return <HomePage />;
  if (resolved.kind !== 'page') return null;
  const { page, params } = resolved;
  const title = routeTitle(page.title);
  return (
    <ElementSlot
      tag={page.component}
      attrs={pageAttributes(page.component, params, search)}
      fallback={<p className="lp-page-loading">{t('common.loading')}</p>}
      unavailable={<UnavailablePage title={title} />}
    />
  );
}

/**
 * The page area. A page mounts when it is first shown and stays mounted while its tab is open (so
 * switching tabs keeps what was typed) unless its route says `noCache`; a refresh remounts it
 * through its refresh count. A tab never opened (the pinned home tab beside a deep link) costs
 * nothing until it is: no element loaded, no call made.
 */
export function AppMain({
  current,
  refreshCounts,
}: {
  current: string;
  refreshCounts: Record<string, number>;
}) {
  const views = useStore($views);
  const shown = useRef(new Set<string>());
  const open = new Set(views.map((v) => v.path));
  for (const path of shown.current) if (!open.has(path)) shown.current.delete(path);
  shown.current.add(current);
  const kept = views.filter((v) => !v.meta.noCache && shown.current.has(v.path)).map((v) => v.path);
  if (!kept.includes(current)) kept.push(current);
  return (
    <>
      {kept.map((path) => (
        <PageFrame key={`${path}#${refreshCounts[path] ?? 0}`} path={path} active={path === current}>
          <PageContent path={path} />
        </PageFrame>
      ))}
    </>
  );
}
