import '../../i18n/areas/notification-bell.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $live, type LiveStatus, readAgain } from '../../stores/live-connection.ts';
import { useT } from '../../ui/use-t.ts';

/**
 * How long a live page goes on saying so through a drop before it says it is reconnecting: a
 * blip, a tab taking the stream over, a customer switch reopen it within a second or two.
 */
export const GRACE_MS = 2000;

/** What the mark shows: the stream's state, but a live one keeps showing through a short drop. */
function useShown(live: LiveStatus): LiveStatus {
  const [shown, setShown] = useState(live);
  const latest = useRef(live);
  latest.current = live;
  const holding = shown.status === 'live' && (live.status === 'connecting' || live.status === 'reconnecting');
  useEffect(() => {
    if (!holding) return;
    const timer = setTimeout(() => setShown(latest.current), GRACE_MS);
    return () => clearTimeout(timer);
  }, [holding]);
  if (!holding && shown !== live) setShown(live);
  return holding ? shown : live;
}

/** What the status region says: only that the page went down and, after that, that it is live again. */
function useSaid(status: LiveStatus['status']): string {
  const t = useT();
  const [said, setSaid] = useState('');
  const down = useRef(false);
  useEffect(() => {
    if (status === 'down') {
      down.current = true;
      setSaid(t('notificationBell.live.downHint'));
    } else if (status === 'live' && down.current) {
      down.current = false;
      setSaid(t('notificationBell.live.back'));
    }
  }, [status, t]);
  return said;
}

/**
 * The live mark beside the bell (issue 32): whether this page's live stream is up. Quiet while it
 * is (a dot and "Live"), "Reconnecting…" after a drop that lasts, and when it stays down (or the
 * browser is offline, or the session ended elsewhere) "Updates paused · the page may be out of
 * date" with "Read again" (every page part reads again; the stream tries at once). Nothing on a
 * page that follows no stream. The status region says only the going down and the coming back,
 * never a blip. On a phone the words are for screen readers only, the dot and the button stay.
 */
export function LiveMark() {
  const t = useT();
  const shown = useShown(useStore($live));
  const { status } = shown;
  const said = useSaid(status);
  const seconds = shown.retryAt ? Math.max(1, Math.round((shown.retryAt - Date.now()) / 1000)) : 1;
  const label =
    status === 'reconnecting'
      ? t('notificationBell.live.reconnecting')
      : status === 'down'
        ? t('notificationBell.live.down')
        : t('notificationBell.live.on');
  const hint =
    status === 'live'
      ? t('notificationBell.live.onHint')
      : status === 'reconnecting'
        ? t('notificationBell.live.reconnectingHint', { seconds })
        : status === 'down'
          ? t('notificationBell.live.downHint')
          : undefined;
  return (
    <div className="lp-live" data-state={status}>
      {status !== 'off' && (
        <span className="lp-live__mark" title={hint}>
          <span className="lp-live__dot" aria-hidden="true" />
          <span className="lp-live__label">{label}</span>
          {status === 'down' && (
            <span className="lp-live__stale">
              <span aria-hidden="true"> · </span>
              <span className="lp-visually-hidden">, </span>
              {t('notificationBell.live.stale')}
            </span>
          )}
        </span>
      )}
      {status === 'down' && (
        <button
          type="button"
          className="lp-live__again"
          title={t('notificationBell.live.readAgain')}
          onClick={readAgain}
        >
          <svg
            className="lp-live__icon"
            viewBox="0 0 24 24"
            width="14"
            height="14"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5" />
          </svg>
          <span className="lp-live__again-text">{t('notificationBell.live.readAgain')}</span>
        </button>
      )}
      <span role="status" aria-live="polite" className="lp-visually-hidden">
        {said}
      </span>
    </div>
  );
}
