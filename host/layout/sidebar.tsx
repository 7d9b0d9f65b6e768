import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { t } from '../../src/i18n/translate.ts';
import { $device, $sidebar, closeSidebar } from '../../src/stores/app.ts';
import { $token } from '../../src/stores/auth.ts';
import { $draftCount, refreshDraftCount } from '../../src/stores/draft-count.ts';
import { $pages, $routes } from '../../src/stores/routes.ts';
import { $settings } from '../../src/stores/settings.ts';
import { Icon } from './icons.tsx';
import { buildMenu, type MenuEntry } from './menu.ts';
import { routeTitle } from './route-title.ts';

/** The menu entry that shows how many drafts there are. */
export const DRAFTS_PATH = '/customer-order/draft';

/** The draft box's count beside its menu entry (nothing while unknown or zero). */
function DraftBadge() {
  const count = useStore($draftCount);
  if (!count) return null;
  return <span className="lp-menu-badge">{count > 99 ? '99+' : count}</span>;
}

interface SidebarProps {
  activePath: string;
}

function Entry({
  entry,
  activePath,
  collapsed,
}: {
  entry: MenuEntry;
  activePath: string;
  collapsed: boolean;
}) {
  const containsActive = entry.children?.some((c) => c.path === activePath) ?? false;
  const [open, setOpen] = useState(containsActive);
  const title = routeTitle(entry.title);
  if (entry.path) {
    const active = entry.path === activePath;
    return (
      <li>
        <a
          className={`lp-menu-link${active ? ' is-active' : ''}`}
          href={entry.path}
          aria-current={active ? 'page' : undefined}
          title={collapsed ? title : undefined}
          onClick={() => {
            if ($device.get() === 'mobile') closeSidebar(true);
          }}
        >
          <Icon name={entry.icon} />
          <span className="lp-menu-text">{title}</span>
          {entry.path === DRAFTS_PATH && <DraftBadge />}
        </a>
      </li>
    );
  }
  const expanded = open || containsActive;
  const listId = `submenu-${entry.key.replace(/[^a-z0-9]/gi, '')}`;
  return (
    <li>
      <button
        type="button"
        className={`lp-menu-link lp-submenu-title${containsActive ? ' has-active' : ''}`}
        aria-expanded={expanded}
        aria-controls={listId}
        title={collapsed ? title : undefined}
        onClick={() => setOpen(!expanded)}
      >
        <Icon name={entry.icon} />
        <span className="lp-menu-text">{title}</span>
        <span className="lp-submenu-arrow" aria-hidden="true">
          <Icon name="chevron" size={14} />
        </span>
      </button>
      <ul id={listId} className="lp-submenu" hidden={!expanded}>
        {entry.children?.map((child) => (
          <Entry key={child.key} entry={child} activePath={activePath} collapsed={collapsed} />
        ))}
      </ul>
    </li>
  );
}

/** The collapsible sidebar built from the permitted routes (a drawer on mobile). */
export function Sidebar({ activePath }: SidebarProps) {
  const routes = useStore($routes);
  const sidebar = useStore($sidebar);
  const device = useStore($device);
  const settings = useStore($settings);
  const { main, bottom } = useMemo(() => buildMenu(routes), [routes]);
  const token = useStore($token);
  const pages = useStore($pages);
  const hasDrafts = pages.some((page) => page.path === DRAFTS_PATH);
  useEffect(() => {
    if (token && hasDrafts) void refreshDraftCount();
  }, [token, hasDrafts]);
  const collapsed = device === 'desktop' && !sidebar.opened;
  return (
    <nav className="lp-sidebar" aria-label={t('host.nav.menu')} data-collapsed={collapsed}>
      {settings.sidebarLogo && (
        <a className="lp-sidebar-logo" href="/home/index">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span className="lp-menu-text">{t('app.name')}</span>
        </a>
      )}
      <ul className="lp-menu">
        {main.map((entry) => (
          <Entry key={entry.key} entry={entry} activePath={activePath} collapsed={collapsed} />
        ))}
      </ul>
      {bottom.length > 0 && (
        <ul className="lp-menu lp-menu-bottom">
          {bottom.map((entry) => (
            <Entry key={entry.key} entry={entry} activePath={activePath} collapsed={collapsed} />
          ))}
        </ul>
      )}
    </nav>
  );
}
