import { useStore } from '@nanostores/react';
import { t } from '../../src/i18n/translate.ts';
import { $sidebar, toggleSidebar } from '../../src/stores/app.ts';
import { type Crumb, Breadcrumbs } from './breadcrumbs.tsx';
import { BrowserHint } from './browser-hint.tsx';
import { ElementSlot } from './element-slot.tsx';
import { FullscreenButton } from './fullscreen-button.tsx';
import { HeaderSearch } from './header-search.tsx';
import { Icon } from './icons.tsx';
import { LocaleSelect } from './locale-select.tsx';
import { UserMenu } from './user-menu.tsx';

/** Top bar: hamburger, breadcrumbs, browser hint, search, full screen, notifications, settings, language, customer switcher, user menu. */
export function Navbar({ crumbs, onSettings }: { crumbs: Crumb[]; onSettings: () => void }) {
  const sidebar = useStore($sidebar);
  return (
    <div className="lp-navbar">
      <button
        type="button"
        className="lp-icon-button lp-hamburger"
        aria-label={t('host.nav.toggle')}
        aria-expanded={sidebar.opened}
        onClick={toggleSidebar}
      >
        <Icon name="menu" />
      </button>
      <Breadcrumbs crumbs={crumbs} />
      <BrowserHint />
      <div className="lp-navbar-right">
        <HeaderSearch />
        <FullscreenButton />
        {/* the notification centre: an element of its own, loaded after the top bar (its place kept) */}
        <ElementSlot
          tag="lp-notification-bell"
          className="lp-notification-bell"
          fallback={<span className="lp-icon-button" aria-hidden="true" />}
        />
        <button
          type="button"
          className="lp-icon-button"
          aria-label={t('host.nav.settings')}
          onClick={onSettings}
        >
          <Icon name="settings" />
        </button>
        <LocaleSelect className="lp-locale-switch" />
        {/* its place is kept while it loads; on a phone it sits between the menu button and the tools */}
        <ElementSlot
          tag="lp-customer-switcher"
          className="lp-customer-switcher"
          fallback={
            <span className="lp-customer-switcher lp-customer-switcher--pending" aria-hidden="true" />
          }
        />
        <UserMenu />
      </div>
    </div>
  );
}
