import { useStore } from '@nanostores/react';
import {
  type ComponentProps,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { $locale, t } from '../src/i18n/translate.ts';
import { smoothScrollTo } from '../src/lib/scroll.ts';
import { $pages } from '../src/stores/routes.ts';
import { rememberScroll, SCROLL_MEMORY_PATHS, savedScroll } from '../src/stores/scroll.ts';
import { $session, $token } from '../src/stores/session.ts';
import { $views, addView } from '../src/stores/tabs.ts';
import { AuthRedirectPage } from './pages/auth-redirect-page.tsx';
import { ErrorPage } from './pages/error-page.tsx';
import { JumpPage } from './pages/jump-page.tsx';
import { LoginPage } from './pages/login/login-page.tsx';
import { useDocumentLang } from './pages/use-document-lang.ts';
import { BootShell } from './layout/boot-shell.tsx';
import { routeTitle, viewTitle } from './layout/route-title.ts';
import { loadElement } from './elements.ts';
import { Notices } from './notices.tsx';
import { guard } from './router/guard.ts';
import { $location, currentFullPath, go } from './router/location.ts';
import { normalizePath, type Resolved, resolvePath } from './router/match.ts';
import { NOT_FOUND_PATH, STATIC_ROUTES, type StaticPage } from './router/static-routes.ts';
import '../src/i18n/areas/host.ts';

// Loaded when first shown: the login page (the first page of most visits) carries neither the
// layout nor the agreements' text.
type LayoutModule = typeof import('./layout/layout.tsx');
/** The layout's module once loaded: then drawn at once, not through `lazy` (see `LayoutView`). */
let layoutModule: LayoutModule | null = null;
const loadLayout = () =>
  import('./layout/layout.tsx').then((m) => {
    layoutModule = m;
    return m;
  });
const LazyLayout = lazy(() => loadLayout().then((m) => ({ default: m.Layout })));
/**
 * The layout: its module is usually loaded by the time the session's calls have answered (main.tsx
 * starts it beside them), and is then drawn in the same commit. Through `lazy` even a loaded
 * module suspends once, and React holds a Suspense boundary's content back for up to 300 ms after
 * its fallback (the boot shell) has shown: measured, the whole page, welcome and overview, drew
 * 300 ms after the session had answered.
 */
function LayoutView(props: ComponentProps<LayoutModule['Layout']>) {
  const Loaded = layoutModule?.Layout;
  return Loaded ? <Loaded {...props} /> : <LazyLayout {...props} />;
}

/**
 * A page load with a session that is not for a full-screen page will show the layout: its code
 * and the top bar's customer switcher start loading at once (main.tsx), beside the user info and
 * menu the guard waits for, instead of after them (on a phone each step of that chain is a round
 * trip).
 */
export function preloadLayout(): void {
  const path = normalizePath(globalThis.location?.pathname ?? '/');
  const route = STATIC_ROUTES.find((r) => r.path === path);
  if (!$token.get() || route?.inLayout === false) return;
  void loadLayout();
  // The top bar's customer switcher: on a phone its line is the largest text of the first view.
  void loadElement('lp-customer-switcher');
}
const LegalPage = lazy(() => import('./pages/legal-page.tsx').then((m) => ({ default: m.LegalPage })));
const TrackPage = lazy(() => import('./pages/track-page.tsx').then((m) => ({ default: m.TrackPage })));
const StationPage = lazy(() => import('./pages/station-page.tsx').then((m) => ({ default: m.StationPage })));
const SupplierPage = lazy(() =>
  import('./pages/supplier-page.tsx').then((m) => ({ default: m.SupplierPage })),
);

interface Shown {
  path: string;
  resolved: Extract<Resolved, { kind: 'static' } | { kind: 'page' }>;
}

function fullScreen(page: StaticPage): ReactNode {
  switch (page) {
    case 'login':
      return <LoginPage />;
    case 'auth-redirect':
      return <AuthRedirectPage />;
    case 'jump':
      return <JumpPage />;
    case 'not-found':
      return <ErrorPage kind="not-found" />;
    case 'unauthorized':
      return <ErrorPage kind="unauthorized" />;
    case 'service-agreement':
      return <LegalPage doc="service-agreement" />;
    case 'privacy-policy':
      return <LegalPage doc="privacy-policy" />;
    case 'track':
      return <TrackPage />;
    case 'station':
      return <StationPage />;
    case 'supplier':
      return <SupplierPage />;
    default:
      return null;
  }
}

/**
 * Remembers the scroll of the page being left and restores the one being entered (spec §2). The
 * position is read when the address changes, before the next page is drawn: read after it (in
 * the effect), the shorter page had already pulled the scroll to the top, and the list came back
 * at the top. The browser's own restoring on Back is off: it would fight this one.
 */
function useScrollMemory(path: string | undefined): void {
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    // Only a new path leaves a page. A page that rewrites its own query (a list keeping its
    // filters in the address) does not: remembering then could store the position of the page
    // just left as the new, shorter page's (its rewrite can come before `shown` follows).
    let last = $location.get()?.path;
    return $location.listen((now) => {
      const next = now?.path;
      if (next === last) return;
      last = next;
      const scroller = document.scrollingElement;
      if (scroller && shown.current) rememberScroll(shown.current, scroller.scrollTop);
    });
  }, []);
  useEffect(() => {
    const scroller = document.scrollingElement;
    shown.current = path;
    if (!scroller || !path) return;
    if (SCROLL_MEMORY_PATHS.includes(path)) void smoothScrollTo(scroller, savedScroll(path));
    else scroller.scrollTop = 0;
  }, [path]);
}

/** The routed portal: every navigation passes the guard, then renders a full-screen page or the layout. */
export function App() {
  const location = useStore($location);
  const pages = useStore($pages);
  const { nowOrderStatus } = useStore($session);
  const token = useStore($token);
  const views = useStore($views);
  useStore($locale);
  // <html lang> follows the chosen language on every page, the layout's too (screen readers).
  useDocumentLang();
  const [shown, setShown] = useState<Shown | null>(null);
  const [refreshCounts, setRefreshCounts] = useState<Record<string, number>>({});

  const locationPath = location?.path;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the guard runs on every change of location
  useEffect(() => {
    let live = true;
    const fullPath = currentFullPath();
    void guard(fullPath).then((decision) => {
      if (!live) return;
      if (!decision.allow) {
        go(decision.redirect, true);
        return;
      }
      const resolved = resolvePath(fullPath, $pages.get());
      if (resolved.kind === 'alias') go(resolved.to, true);
      else if (resolved.kind === 'redirect') {
        const target = normalizePath(resolved.to);
        setRefreshCounts((counts) => ({ ...counts, [target]: (counts[target] ?? 0) + 1 }));
        go(resolved.to, true);
      } else if (resolved.kind === 'unknown') go(NOT_FOUND_PATH, true);
      else {
        // the page's element starts loading now, not once the layout has rendered its slot
        if (resolved.kind === 'page') void loadElement(resolved.page.component);
        setShown({ path: normalizePath(fullPath), resolved });
      }
    });
    return () => {
      live = false;
    };
  }, [locationPath]);

  // Memoized: a new object on every render would re-run the tab effect below on each change of
  // location, re-adding the page being left (a tab closed by "close others" came back).
  const current = useMemo(() => shown && resolvePath(shown.path, pages), [shown, pages]);
  const resolved =
    current && (current.kind === 'static' || current.kind === 'page') ? current : shown?.resolved;
  // A tab opened with its own title (an order's number) names the page too.
  const tabMeta = shown ? views.find((view) => view.path === shown.path)?.meta : undefined;
  const title = !resolved
    ? t('app.name')
    : resolved.kind === 'static'
      ? t(resolved.route.title)
      : (views.find((v) => v.path === shown!.path)?.pageTitle ??
        viewTitle(shown!.path, tabMeta ?? resolved.page.meta, nowOrderStatus));

  useEffect(() => {
    document.title = resolved ? `${title} - ${t('app.name')}` : t('app.name');
  }, [resolved, title]);

  const inLayout = resolved && (resolved.kind === 'page' || resolved.route.inLayout);
  useEffect(() => {
    if (!shown || !resolved || !inLayout) return;
    const meta =
      resolved.kind === 'page'
        ? resolved.page.meta
        : { title: resolved.route.title, ...(resolved.route.affix ? { affix: true } : {}) };
    // Pinned (affix) tabs are always in the strip, whichever page opened first.
    for (const route of STATIC_ROUTES) {
      if (route.affix)
        addView({
          path: route.path,
          name: route.path,
          title: t(route.title),
          meta: { title: route.title, affix: true },
        });
    }
    addView({ path: shown.path, name: shown.path, title: routeTitle(meta.title), meta });
  }, [shown, resolved, inLayout]);
  useScrollMemory(inLayout ? shown?.path : undefined);

  return (
    <>
      <Suspense fallback={token && inLayout ? <BootShell /> : null}>
        {!resolved && token && <BootShell />}
        {resolved &&
          (inLayout ? (
            <LayoutView
              current={shown!.path}
              activeMenu={
                resolved.kind === 'page' ? (resolved.page.meta.activeMenu ?? shown!.path) : shown!.path
              }
              title={title}
              refreshCounts={refreshCounts}
            />
          ) : (
            resolved.kind === 'static' && fullScreen(resolved.route.page)
          ))}
      </Suspense>
      <Notices />
    </>
  );
}
