import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { chinaStamp } from '../../lib/china-time.ts';
import { toast } from '../../stores/notices.ts';
import { $session } from '../../stores/session.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { type OwnSessionList, sessionsApi } from './sessions-api.ts';
import '../../i18n/areas/sessions-dialog.ts';

/** The administrators' part (policy, members' factors), loaded only for an administrator. */
const AdminPart = lazy(() => import('./admin-part.tsx'));
/** The customer's single sign-on (sso-form.tsx): its own chunk, for administrators only. */
const SsoForm = lazy(() => import('./sso-form.tsx'));

export interface SessionsDialogProps {
  open: boolean;
  /** The user closed the dialog (Esc, ×, Close). */
  onClose: () => void;
}

/** The buttons act at once and the list reloads after each: a short guard is enough. */
const GUARD = 400;

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: OwnSessionList };

/**
 * The person's own sessions (`user/session-list`): each with its device, the masked address it
 * signed in from, when it signed in and was last seen, this one marked; "sign out" per other
 * session and "sign out everywhere else". An administrator of the session's customer also sets the
 * customer's session policy and resets members' lost factors here (admin-part.tsx, lazy), below the list,
 * and its single sign-on (sso-form.tsx, lazy).
 */
export function SessionsDialog({ open, onClose }: SessionsDialogProps) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const isAdmin = useStore($session).userInfo?.is_admin === true;

  const load = useCallback(() => {
    setLoaded({ state: 'loading' });
    sessionsApi.list().then(
      (data) => setLoaded({ state: 'ready', data }),
      () => setLoaded({ state: 'failed' }),
    );
  }, []);
  useEffect(() => {
    if (open) load();
  }, [open, load]);

  const act = async (key: string, work: () => Promise<string>) => {
    setBusy(key);
    try {
      toast(await work(), 'success');
    } catch {
      // the transport said what went wrong; the list shows what is so now
    } finally {
      setBusy(null);
      load();
    }
  };
  const signOut = (id: string) =>
    act(id, () => sessionsApi.signOut(id).then(() => t('sessionsDialog.signedOut')));
  const signOutOthers = () =>
    act('others', () =>
      sessionsApi.signOutOthers().then(({ ended }) => t('sessionsDialog.signedOutOthers', { count: ended })),
    );

  const data = loaded.state === 'ready' ? loaded.data : null;
  const others = data?.list.filter((s) => !s.current).length ?? 0;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('sessionsDialog.title')}
      width={600}
      className="sessions-dialog"
      footer={
        <>
          <Button guardMs={0} onClick={onClose}>
            {t('sessionsDialog.close')}
          </Button>
          <Button
            variant="danger"
            guardMs={GUARD}
            disabled={others === 0}
            loading={busy === 'others'}
            onClick={() => void signOutOthers()}
          >
            {t('sessionsDialog.signOutOthers')}
          </Button>
        </>
      }
    >
      {open && (
        <>
          <p className="sessions-dialog__intro">{t('sessionsDialog.intro')}</p>
          {loaded.state === 'loading' && (
            <p className="sessions-dialog__note" role="status">
              {t('sessionsDialog.loading')}
            </p>
          )}
          {loaded.state === 'failed' && (
            <ErrorState message={t('sessionsDialog.loadFailed')} onRetry={load} />
          )}
          {data && (
            <>
              <p className="sessions-dialog__note">
                {t('sessionsDialog.limits', {
                  idle: data.limits.idle_minutes,
                  absolute: duration(t, data.limits.absolute_minutes),
                  max: data.limits.max_sessions,
                })}
              </p>
              <ul className="sessions-dialog__list">
                {data.list.map((s) => (
                  <li key={s.id} className="sessions-dialog__row" data-current={s.current || undefined}>
                    <div className="sessions-dialog__what">
                      <span className="sessions-dialog__device">{s.device}</span>
                      {s.current && (
                        <span className="sessions-dialog__this">{t('sessionsDialog.thisDevice')}</span>
                      )}
                      <span className="sessions-dialog__small">
                        {t('sessionsDialog.place', { place: s.place })}
                      </span>
                      <span className="sessions-dialog__small">
                        {t('sessionsDialog.signedIn', { time: chinaStamp(s.signed_in_at) })}
                        {' · '}
                        {t('sessionsDialog.lastSeen', { time: chinaStamp(s.last_seen_at) })}
                      </span>
                    </div>
                    {!s.current && (
                      <Button
                        size="sm"
                        guardMs={GUARD}
                        loading={busy === s.id}
                        aria-label={t('sessionsDialog.signOutLabel', { device: s.device })}
                        onClick={() => void signOut(s.id)}
                      >
                        {t('sessionsDialog.signOut')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {others === 0 && <p className="sessions-dialog__note">{t('sessionsDialog.onlyThis')}</p>}
            </>
          )}
          {isAdmin && (
            <Suspense fallback={null}>
              <AdminPart onSaved={load} />
            </Suspense>
          )}
          {isAdmin && (
            <Suspense fallback={null}>
              <SsoForm />
            </Suspense>
          )}
        </>
      )}
    </Dialog>
  );
}

/** Minutes as a person reads a lifetime: whole hours in hours, else minutes. */
function duration(t: ReturnType<typeof useT>, minutes: number): string {
  return minutes % 60 === 0
    ? t('sessionsDialog.hours', { hours: minutes / 60 })
    : t('sessionsDialog.minutes', { minutes });
}
