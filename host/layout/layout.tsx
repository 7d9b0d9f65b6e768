import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $device, $sidebar, closeSidebar } from '../../src/stores/app.ts';
import { t } from '../../src/i18n/translate.ts';
import { $settings } from '../../src/stores/settings.ts';
import { WeakPasswordFlow } from '../account/weak-password.tsx';
import { loadElement } from '../elements.ts';
import { AppMain } from './app-main.tsx';
import { useCrumbs } from './breadcrumbs.tsx';
import { ElementSlot } from './element-slot.tsx';
import { IdleGuard } from './idle-guard.tsx';
import { LeavePrompt } from './leave-prompt.tsx';
import { Navbar } from './navbar.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { Sidebar } from './sidebar.tsx';
import { TagsView } from './tags-view.tsx';
import { layoutPartsCss } from './layout-parts.styles.ts';
import { sheet } from '../../src/ui/css.ts';

// The layout's own CSS (menu, bar tools, tags, page states), after the host's sheet, before the
// layout first draws: the main bundle carries only the boot shell's frame (layout.styles.ts).
const parts = sheet(layoutPartsCss);
if (!document.adoptedStyleSheets.includes(parts))
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, parts];

// The top bar's customer switcher is part of every layout page (and often its largest text):
// its code loads with the layout's, not after the layout's first render.
void loadElement('lp-customer-switcher');

/**
 * The live stream of a signed-in page (one per browser, shared by its tabs: live-connection.ts),
 * loaded after the layout: the pages that follow changes carry only live-changes.ts.
 */
function useLiveStream(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../../src/stores/live-connection.ts').then((m) => {
      if (!gone) stop = m.startLive();
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
}

export interface LayoutProps {
  /** The page's path (`/customer-order/view/42`). */
  current: string;
  /** The menu entry to highlight (`meta.activeMenu` of hidden detail pages). */
  activeMenu: string;
  title: string;
  refreshCounts: Record<string, number>;
}

/** The portal layout: sidebar, top bar, tag strip, kept pages, settings, chat launcher. */
export function Layout({ current, activeMenu, title, refreshCounts }: LayoutProps) {
  const settings = useStore($settings);
  const sidebar = useStore($sidebar);
  const device = useStore($device);
  const crumbs = useCrumbs(current, title);
  useLiveStream();
  const [settingsOpen, setSettingsOpen] = useState(false);

  const drawerOpen = device === 'mobile' && sidebar.opened;
  return (
    <div
      className="lp-layout"
      data-device={device}
      data-sidebar={sidebar.opened ? 'open' : 'closed'}
      data-fixed-header={settings.fixedHeader}
      data-animate={!sidebar.withoutAnimation}
    >
      {drawerOpen && <div className="lp-drawer-backdrop" aria-hidden="true" onClick={() => closeSidebar()} />}
      <Sidebar activePath={activeMenu} />
      <div className="lp-main-column">
        <header className="lp-header">
          <Navbar crumbs={crumbs} onSettings={() => setSettingsOpen(true)} />
          {settings.tagsView && <TagsView activePath={current} />}
        </header>
        <main id="lp-main" className="lp-app-main">
          <AppMain current={current} refreshCounts={refreshCounts} />
        </main>
      </div>
      <SettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <LeavePrompt />
      <WeakPasswordFlow />
      <IdleGuard />
      {/* a landmark of its own: the launcher floats over the page but belongs to no part of it */}
      <aside className="lp-chat" aria-label={t('host.chat.label')}>
        <ElementSlot tag="lp-chat-widget" />
      </aside>
    </div>
  );
}
