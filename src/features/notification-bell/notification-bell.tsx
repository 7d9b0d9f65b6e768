import '../../i18n/areas/notification-bell.ts';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { listNotifications, markNotificationsRead } from '../../api/notifications.ts';
import type { Notification, NotificationList } from '../../contract/notifications/schemas.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { $token } from '../../stores/auth.ts';
import { $customer } from '../../stores/session.ts';
import { Button, Popover } from '../../ui/index.ts';
import { useChanges } from '../../ui/use-changes.ts';
import { useChinaTime } from '../../ui/zone-note/zone-note.tsx';
import { navigate } from '../../stores/navigation.ts';
import { useT } from '../../ui/use-t.ts';

const NotificationSettingsDialog = lazy(() =>
  import('./notification-settings.tsx').then((m) => ({ default: m.NotificationSettingsDialog })),
);

/** How many entries the panel shows (the newest). */
const SHOWN = 20;

/**
 * The notification centre (`<lp-notification-bell>`, in the portal's top bar): a bell with the unread count; its panel lists the
 * newest entries (unread ones marked), each going where to act and read once followed; all can be
 * marked read; the settings (what, and by which channel) open from its foot. Read again when the
 * live stream tells of a new entry (an event only this user's streams carry) or a customer switch.
 */
export function NotificationBell() {
  const t = useT();
  const textOf = (n: Notification) => t(`notificationBell.notify.${n.kind}`, { ref: n.ref });
  const token = useStore($token);
  const customer = useStore($customer)?.cu_id ?? null;
  const china = useChinaTime();
  const [data, setData] = useState<NotificationList | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const asked = useRef(0);

  const load = useCallback(async () => {
    const mine = ++asked.current;
    try {
      const answer = await listNotifications({ limit: SHOWN }, { quiet: true });
      if (mine === asked.current) {
        setData(answer);
        setFailed(false);
      }
    } catch {
      if (mine === asked.current) setFailed(true);
    }
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `customer` is when to read again (the list is the session's customer's)
  useEffect(() => {
    if (token) void load();
    else setData(null);
  }, [token, customer, load]);
  useChanges(
    (change) => change.kind === 'notification',
    () => void load(),
    token !== '',
  );

  const unread = data?.unread ?? 0;
  const read = async (ids?: number[]) => {
    setData(
      (d) =>
        d && {
          list: d.list.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)),
          unread: ids
            ? Math.max(0, d.unread - d.list.filter((n) => ids.includes(n.id) && !n.read).length)
            : 0,
        },
    );
    await markNotificationsRead(ids, { quiet: true }).catch(() => undefined);
    void load();
  };
  const follow = (n: Notification) => {
    setOpen(false);
    if (!n.read) void read([n.id]);
    navigate(n.link);
  };
  const label =
    unread > 0
      ? `${t('notificationBell.bell.label')}, ${t('notificationBell.bell.unread', { count: unread })}`
      : t('notificationBell.bell.label');

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="lp-bell"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen((o) => !o);
          if (!open) void load();
        }}
      >
        <svg
          className="lp-bell__icon"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 9a6 6 0 1 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9zM10 20.5a2.2 2.2 0 0 0 4 0" />
        </svg>
        {unread > 0 && (
          <span className="lp-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <Popover
        open={open}
        anchor={open ? trigger.current : null}
        label={t('notificationBell.bell.label')}
        onClose={() => setOpen(false)}
        className="lp-bell-panel"
      >
        <div className="lp-bell-panel__head">
          <p className="lp-bell-panel__title">
            {t('notificationBell.bell.label')}
            {unread > 0 && (
              <span className="lp-visually-hidden">
                , {t('notificationBell.bell.unread', { count: unread })}
              </span>
            )}
          </p>
          <Button size="sm" variant="text" guardMs={0} disabled={unread === 0} onClick={() => void read()}>
            {t('notificationBell.bell.readAll')}
          </Button>
        </div>
        {failed && !data ? (
          <p className="lp-bell-panel__empty" role="alert">
            {t('notificationBell.bell.failed')}
          </p>
        ) : data && data.list.length === 0 ? (
          <p className="lp-bell-panel__empty">{t('notificationBell.bell.empty')}</p>
        ) : (
          <ul className="lp-bell-panel__list">
            {(data?.list ?? []).map((n) => (
              <li key={n.id} className={`lp-bell-panel__item${n.read ? '' : ' is-unread'}`}>
                <a
                  href={n.link}
                  onClick={(event) => {
                    event.preventDefault();
                    follow(n);
                  }}
                >
                  <span className="lp-bell-panel__dot" aria-hidden="true" />
                  <span className="lp-bell-panel__text">{textOf(n)}</span>
                  <time className="lp-bell-panel__time" dateTime={n.created_at}>
                    {china(chinaStamp(n.created_at))}
                  </time>
                </a>
              </li>
            ))}
          </ul>
        )}
        <div className="lp-bell-panel__foot">
          <Button
            size="sm"
            variant="text"
            guardMs={0}
            onClick={() => {
              setOpen(false);
              setSettings(true);
            }}
          >
            {t('notificationBell.bell.settings')}
          </Button>
        </div>
      </Popover>
      {settings && (
        <Suspense fallback={null}>
          <NotificationSettingsDialog open onClose={() => setSettings(false)} />
        </Suspense>
      )}
    </>
  );
}
