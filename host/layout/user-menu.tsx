import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { t } from '../../src/i18n/translate.ts';
import { $session, logout } from '../../src/stores/session.ts';
import { MenuButton } from '../../src/ui/index.ts';
import { $location, currentFullPath, go } from '../router/location.ts';
import { AboutDialog } from './about-dialog.tsx';
import { signInAgain } from '../account/password-changed.ts';
import { ElementSlot } from './element-slot.tsx';
import { Icon } from './icons.tsx';
import { openLinkedSystem, useLinkedSystems } from './linked-systems.ts';

type Action =
  | 'downloads'
  | 'audit'
  | 'webhooks'
  | 'apiClients'
  | 'password'
  | 'secondFactor'
  | 'sessions'
  | 'about'
  | 'logout'
  | `link:${string}`;

/**
 * A link that opens the password dialog (`/home/index#change-password`: the bell's and the mail's
 * notice of a sign-in from a new device, server/areas/notifications/kinds.ts).
 */
const CHANGE_PASSWORD_HASH = '#change-password';

/** The download centre (a hidden route of the order menu). */
const DOWNLOADS = '/customer-order/download';
/** The customer's audit trail (a hidden route, for the customer's administrators). */
const AUDIT = '/customer-audit/index';
/** The customer's webhooks (a hidden route, for the customer's administrators). */
const WEBHOOKS = '/customer-webhooks/index';
/** The customer's API clients (a hidden route, for the customer's administrators). */
const API_CLIENTS = '/customer-api-clients/index';

/**
 * The account menu (spec §2's company-name menu, named by the person signed in, since the
 * customer switcher beside it already shows the company): download centre, the customer's audit trail
 * webhooks and API clients (its administrators), the provider's other systems (opened signed in,
 * spec §7), change password, the person's sessions (`<lp-sessions-dialog>`, loaded when opened),
 * about system, log out.
 */
export function UserMenu() {
  const session = useStore($session);
  const [dialog, setDialog] = useState<'password' | 'secondFactor' | 'sessions' | 'about' | null>(null);
  const systems = useLinkedSystems();
  const info = session.userInfo;
  // The person signed in: the customer's company is the switcher's, beside this menu (shown once).
  const person = info?.name || info?.user.ur_account || t('host.nav.userMenu');
  const location = useStore($location);
  useEffect(() => {
    if (location?.hash !== CHANGE_PASSWORD_HASH) return;
    setDialog('password');
    // the address without it: back, or the link followed again, opens the dialog once more
    go(currentFullPath(), true);
  }, [location]);

  const onSelect = (action: Action) => {
    if (action === 'downloads' || action === 'audit' || action === 'webhooks' || action === 'apiClients') {
      go({ downloads: DOWNLOADS, audit: AUDIT, webhooks: WEBHOOKS, apiClients: API_CLIENTS }[action]);
      return;
    }
    if (action.startsWith('link:')) {
      openLinkedSystem(action.slice('link:'.length));
      return;
    }
    if (action === 'logout') {
      void logout().then(() => go('/login'));
      return;
    }
    setDialog(action as 'password' | 'secondFactor' | 'sessions' | 'about');
  };

  return (
    <>
      <MenuButton<Action>
        label={t('host.nav.userMenu')}
        variant="text"
        className="lp-user-menu"
        items={[
          { key: 'downloads', label: t('host.nav.downloads') },
          ...(info?.is_admin
            ? [
                { key: 'audit' as const, label: t('host.nav.audit') },
                { key: 'webhooks' as const, label: t('host.nav.webhooks') },
                { key: 'apiClients' as const, label: t('host.nav.apiClients') },
              ]
            : []),
          ...systems.map((s) => ({
            key: `link:${s.key}` as const,
            label: t('host.nav.openSystem', { name: s.name }),
          })),
          { key: 'password', label: t('host.nav.changePassword') },
          { key: 'secondFactor', label: t('host.nav.secondFactor') },
          { key: 'sessions', label: t('host.nav.sessions') },
          { key: 'about', label: t('host.nav.about') },
          { key: 'logout', label: t('host.nav.logout'), danger: true },
        ]}
        onSelect={onSelect}
      >
        <Icon name="user" size={16} />
        <span className="lp-user-name">{person}</span>
      </MenuButton>
      {dialog === 'password' && (
        <ElementSlot
          tag="lp-password-dialog"
          attrs={{ mode: 'edit', open: true, closable: true }}
          events={{
            'lp-password-cancel': () => setDialog(null),
            'lp-password-change': () => {
              setDialog(null);
              void signInAgain();
            },
          }}
        />
      )}
      {dialog === 'secondFactor' && (
        <ElementSlot
          tag="lp-second-factor-dialog"
          attrs={{ open: true }}
          events={{
            'lp-second-factor-cancel': () => setDialog(null),
            'lp-second-factor-change': () => setDialog(null),
          }}
        />
      )}
      {dialog === 'sessions' && (
        <ElementSlot
          tag="lp-sessions-dialog"
          attrs={{ open: true }}
          events={{ 'lp-sessions-close': () => setDialog(null) }}
        />
      )}
      <AboutDialog open={dialog === 'about'} onClose={() => setDialog(null)} />
    </>
  );
}
