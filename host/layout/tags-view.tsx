import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../src/i18n/translate.ts';
import { $session } from '../../src/stores/session.ts';
import { $views, closeAllViews, closeOtherViews, closeView, type View } from '../../src/stores/tabs.ts';
import { type Anchor, Menu } from '../../src/ui/index.ts';
import { go } from '../router/location.ts';
import { HOME_PATH } from '../router/static-routes.ts';
import { Icon } from './icons.tsx';
import { confirmLeave } from './leave-guard.ts';
import { viewTitle } from './route-title.ts';

type TabAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** Refreshes a page by routing through /redirect{path} (spec §2). */
export const refreshView = (path: string) => go(`/redirect${path}`, true);

/** Closes tabs after the leave-with-draft prompt; moves off the active tab when it closes. */
async function closeTabs(paths: string[], activePath: string): Promise<void> {
  for (const path of paths) {
    if (!(await confirmLeave(path))) return;
    closeView(path);
  }
  const left = $views.get();
  if (!left.some((v) => v.path === activePath)) go(left.at(-1)?.path ?? HOME_PATH);
}

/** The strip of visited pages with its context menu; pinned (affix) tabs cannot close. */
export function TagsView({ activePath }: { activePath: string }) {
  const views = useStore($views);
  const { nowOrderStatus } = useStore($session);
  const [menu, setMenu] = useState<{ view: View; anchor: Anchor } | null>(null);
  const strip = useRef<HTMLUListElement>(null);

  // The active tab in sight: when it changes, or tabs open or close, the strip scrolls sideways
  // just enough to show it (only the strip: the page does not move).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active path and the tabs are what is watched
  useEffect(() => {
    const ul = strip.current;
    const tab = ul?.querySelector('.lp-tag.is-active');
    if (!ul || !tab) return;
    const [box, at] = [ul.getBoundingClientRect(), tab.getBoundingClientRect()];
    const margin = 8;
    const delta =
      at.left < box.left
        ? at.left - box.left - margin
        : at.right > box.right
          ? at.right - box.right + margin
          : 0;
    if (delta === 0) return;
    const still = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ul.scrollBy({ left: delta, behavior: still ? 'auto' : 'smooth' });
  }, [activePath, views.length]);

  const act = (action: TabAction, view: View) => {
    setMenu(null);
    if (action === 'refresh') refreshView(view.path);
    else if (action === 'close') void closeTabs([view.path], activePath);
    else if (action === 'closeOthers') {
      const others = $views
        .get()
        .filter((v) => v.path !== view.path && !v.meta.affix)
        .map((v) => v.path);
      void (async () => {
        for (const path of others) if (!(await confirmLeave(path))) return;
        closeOtherViews(view.path);
        if (view.path !== activePath) go(view.path);
      })();
    } else {
      const closable = $views
        .get()
        .filter((v) => !v.meta.affix)
        .map((v) => v.path);
      void (async () => {
        for (const path of closable) if (!(await confirmLeave(path))) return;
        closeAllViews();
        const left = $views.get();
        if (!left.some((v) => v.path === activePath)) go(left.at(-1)?.path ?? HOME_PATH);
      })();
    }
  };

  return (
    <div className="lp-tags-view">
      <ul ref={strip} className="lp-tags" aria-label={t('host.tabs.label')}>
        {views.map((view) => {
          const active = view.path === activePath;
          const title = view.pageTitle ?? viewTitle(view.path, view.meta, nowOrderStatus);
          return (
            <li key={view.path} className={`lp-tag${active ? ' is-active' : ''}`}>
              <a
                href={view.path}
                aria-current={active ? 'page' : undefined}
                onAuxClick={(e) => {
                  if (e.button === 1 && !view.meta.affix) {
                    e.preventDefault();
                    act('close', view);
                  }
                }}
                onMouseDown={(e) => {
                  if (e.button === 1) e.preventDefault();
                }}
                onContextMenu={(e) => {
                  e.preventDefault();
                  setMenu({ view, anchor: { x: e.clientX, y: e.clientY } });
                }}
                onKeyDown={(e) => {
                  if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
                    e.preventDefault();
                    const rect = e.currentTarget.getBoundingClientRect();
                    setMenu({ view, anchor: { x: rect.left, y: rect.bottom } });
                  } else if (e.key === 'Delete' && !view.meta.affix) act('close', view);
                }}
              >
                {title}
              </a>
              {!view.meta.affix && (
                <button
                  type="button"
                  className="lp-tag-close"
                  aria-label={`${t('host.tabs.close')} ${title}`}
                  onClick={() => act('close', view)}
                >
                  <Icon name="close" size={12} />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <Menu<TabAction>
        open={menu !== null}
        anchor={menu?.anchor ?? null}
        label={t('host.tabs.label')}
        items={[
          { key: 'refresh', label: t('host.tabs.refresh') },
          { key: 'close', label: t('host.tabs.close'), disabled: menu?.view.meta.affix === true },
          { key: 'closeOthers', label: t('host.tabs.closeOthers') },
          { key: 'closeAll', label: t('host.tabs.closeAll') },
        ]}
        onSelect={(action) => menu && act(action, menu.view)}
        onClose={() => setMenu(null)}
      />
    </div>
  );
}
