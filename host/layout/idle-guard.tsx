import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { getUserInfo } from '../../src/api/user.ts';
import { t } from '../../src/i18n/translate.ts';
import { $idleWarning, resetIdle, watchIdle } from '../../src/stores/idle.ts';
import { $session, $signOutReason, $token, logout } from '../../src/stores/session.ts';
import { Button } from '../../src/ui/button/button.tsx';
import { Dialog } from '../../src/ui/dialog/dialog.tsx';
import { go } from '../router/location.ts';

/** The idle time when the user info does not say (the server's default, SESSION_IDLE_MINUTES). */
const DEFAULT_IDLE_MINUTES = 30;

/** Signs out for inactivity, here and in every tab, and says so on the login page. */
function signOutIdle(): void {
  $signOutReason.set('idle');
  void logout().then(() => go('/login'));
}

/** `m:ss` of the time left. */
const left = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * The continuous session (21 CFR Part 11 §11.200; src/stores/idle.ts): the layout watches for the
 * user's input and, before the idle time runs out, asks whether they are still there, counting
 * down; staying asks the server too (its session's idle time starts again); at the end the portal
 * signs out. What was typed in a form stays in its local copy for after the next sign-in.
 */
export function IdleGuard() {
  const token = useStore($token);
  const info = useStore($session).userInfo;
  const warning = useStore($idleWarning);
  const [now, setNow] = useState(() => Date.now());
  const minutes = info?.idle_minutes ?? DEFAULT_IDLE_MINUTES;

  useEffect(() => {
    if (!token) return;
    return watchIdle(window, { limit: () => minutes * 60_000, signOut: signOutIdle });
  }, [token, minutes]);

  // the countdown, once a second while the warning shows
  useEffect(() => {
    if (!warning) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [warning]);

  if (!warning) return null;
  const stay = () => {
    resetIdle();
    void getUserInfo({ quiet: true }).catch(() => undefined);
  };
  return (
    <Dialog
      open
      title={t('host.idle.title')}
      onClose={stay}
      footer={
        <>
          <Button guardMs={0} onClick={signOutIdle}>
            {t('host.idle.signOut')}
          </Button>
          <Button variant="primary" guardMs={0} onClick={stay}>
            {t('host.idle.stay')}
          </Button>
        </>
      }
    >
      <p role="timer" aria-live="off">
        {t('host.idle.text', { minutes, left: left(warning.endsAt - now) })}
      </p>
      <p className="lp-idle__kept">{t('host.idle.kept')}</p>
    </Dialog>
  );
}
