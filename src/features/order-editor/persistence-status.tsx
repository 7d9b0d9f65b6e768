import '../../i18n/areas/order-drafts.ts';
import { useStore } from '@nanostores/react';
import { Button } from '../../ui/button/button.tsx';
import { useT } from '../../ui/use-t.ts';
import type { EditorPersistence } from './persistence.ts';
import { chinaClock } from '../../lib/china-time.ts';
import { useChinaTime } from '../../ui/zone-note/zone-note.tsx';

export interface PersistenceStatusProps {
  persistence: EditorPersistence;
  /** The form came back from the browser or the draft box (ready's `restored`). */
  restored?: boolean;
}

/**
 * One line under the editor's title saying where what is typed is kept: in this browser, in the
 * draft box, offline, another tab editing it (with Take over), a conflict with another device.
 */
export function PersistenceStatus({ persistence, restored = false }: PersistenceStatusProps) {
  const t = useT();
  const state = useStore(persistence.$state);
  const china = useChinaTime();
  // China time, as every time of the portal (and the draft box's), with the zone when not the viewer's
  const time = (at: string | number) => china(chinaClock(new Date(at).toISOString()));

  const lines: { key: string; text: string; tone: 'info' | 'warning' }[] = [];
  if (restored && state.localSavedAt)
    lines.push({
      key: 'restored',
      text: t('orderDrafts.status.restored', { at: time(state.localSavedAt) }),
      tone: 'info',
    });
  if (state.conflict)
    lines.push({
      key: 'conflict',
      text: t('orderDrafts.status.conflict', {
        at: state.conflict.savedAt ? time(state.conflict.savedAt) : '—',
      }),
      tone: 'warning',
    });
  if (!state.online) lines.push({ key: 'offline', text: t('orderDrafts.status.offline'), tone: 'warning' });
  else if (state.error === 'rejected' || state.error === 'server')
    lines.push({ key: 'error', text: t(`orderDrafts.status.${state.error}`), tone: 'warning' });
  if (state.error === 'storage')
    lines.push({ key: 'storage', text: t('orderDrafts.status.storage'), tone: 'warning' });
  else if (state.mode === 'writer' && !state.persistent)
    lines.push({ key: 'memory', text: t('orderDrafts.status.memoryOnly'), tone: 'warning' });

  let saved = '';
  if (state.syncing) saved = t('orderDrafts.status.saving');
  else if (state.serverSavedAt && !state.unsynced)
    saved = t('orderDrafts.status.savedServer', { at: time(state.serverSavedAt) });
  else if (state.localSavedAt) saved = t('orderDrafts.status.savedHere', { at: time(state.localSavedAt) });

  return (
    <div className="persistence-status">
      {state.elsewhere && (
        <div className="persistence-status__elsewhere" role="alert">
          <span>{t('orderDrafts.status.elsewhere')}</span>
          <Button size="sm" variant="primary" guardMs={0} onClick={() => void persistence.takeOver()}>
            {t('orderDrafts.status.takeOver')}
          </Button>
        </div>
      )}
      {lines.map((line) => (
        <p
          key={line.key}
          className={`persistence-status__line persistence-status__line--${line.tone}`}
          role="status"
        >
          {line.text}
        </p>
      ))}
      <p className="persistence-status__saved" aria-live="polite">
        {saved}
      </p>
    </div>
  );
}
