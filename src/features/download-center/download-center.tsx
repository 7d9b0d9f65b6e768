import { changesOf } from '../../stores/live-changes.ts';
import { useChanges } from '../../ui/use-changes.ts';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteExport, downLog, downloadHref, type ExportJob, retryExport } from '../../api/exports.ts';
import { $token } from '../../stores/auth.ts';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/download-center.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { useChinaTime } from '../../ui/zone-note/zone-note.tsx';
import { ZoneNote } from '../../ui/zone-note/zone-note.tsx';

/** How often the list is read again while an export is queued or running. */
export const POLL_MS = 2000;
const PAGE = 20;

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'done'; list: ExportJob[]; total: number };

const busy = (job: ExportJob) => job.status === 'queued' || job.status === 'running';

/** A byte count as KB or MB, one decimal. */
function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export interface DownloadCenterProps {
  /** After a delete the server accepted. */
  onDeleted?: (job: { id: number; name: string }) => void;
}

/**
 * The user's exports (newest first) for the current customer: each with its progress while it is
 * made (the list is read again every POLL_MS meanwhile), a download link when ready, and delete
 * (after a confirmation). An empty list says where exports come from.
 */
export function DownloadCenter({ onDeleted }: DownloadCenterProps) {
  const t = useT();
  const china = useChinaTime();
  const token = useStore($token);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [limit, setLimit] = useState(PAGE);
  const [asking, setAsking] = useState<ExportJob | null>(null);
  const [announce, setAnnounce] = useState('');
  const request = useRef(0);
  /** The next read while an export is being made. */
  const poll = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const fetchList = useCallback(async (): Promise<void> => {
    const id = ++request.current;
    clearTimeout(poll.current);
    try {
      const answer = await downLog({ start: 0, limit });
      if (id !== request.current) return;
      setLoad({ state: 'done', list: answer.list, total: answer.total });
      if (answer.list.some(busy)) poll.current = setTimeout(() => void fetchList(), POLL_MS);
    } catch {
      if (id === request.current) setLoad({ state: 'failed' });
    }
  }, [limit]);

  useEffect(() => {
    if (token) void fetchList();
    return () => {
      // An answer still on its way is ignored, and no read is scheduled after it.
      request.current++;
      clearTimeout(poll.current);
    };
  }, [token, fetchList]);

  // an export made or failed (its progress meanwhile is read every POLL_MS)
  useChanges(changesOf(['export']), () => void fetchList(), token !== '');

  const remove = async (job: ExportJob) => {
    setAsking(null);
    try {
      await deleteExport(job.id);
      setAnnounce(t('downloads.deleted', { name: job.name }));
      onDeleted?.({ id: job.id, name: job.name });
    } finally {
      await fetchList();
    }
  };

  const retry = async (job: ExportJob) => {
    try {
      await retryExport(job.id);
      setAnnounce(t('downloads.retried', { name: job.name }));
    } finally {
      await fetchList();
    }
  };

  if (!token) return <p className="download-center__muted">{t('downloads.signedOut')}</p>;

  // China time, as the file names and every other time of the portal, with the zone when not the viewer's
  const when = (iso: string) => china(chinaStamp(iso));

  return (
    <section className="download-center" part="base" aria-labelledby="download-center-title">
      <header className="download-center__header">
        {/* The page's own heading: the element is the page of its route. */}
        <h1 id="download-center-title" className="download-center__title">
          {t('downloads.title')}
        </h1>
        <Button size="sm" guardMs={0} onClick={() => void fetchList()}>
          {t('downloads.refresh')}
        </Button>
      </header>
      <p className="download-center__intro">{t('downloads.intro')}</p>
      <p className="download-center__live" aria-live="polite">
        {announce}
      </p>
      {load.state === 'loading' && (
        <p className="download-center__muted" role="status">
          {t('common.loading')}
        </p>
      )}
      {load.state === 'failed' && (
        <ErrorState message={t('downloads.loadFailed')} onRetry={() => void fetchList()} />
      )}
      {load.state === 'done' && load.list.length === 0 && (
        <EmptyState message={t('downloads.empty')}>
          <p className="download-center__muted">{t('downloads.emptyHint')}</p>
        </EmptyState>
      )}
      {load.state === 'done' && load.list.length > 0 && (
        <>
          <ZoneNote />
          <ul className="download-center__list" aria-label={t('downloads.title')}>
            {load.list.map((job) => (
              <li key={job.id} className="download-center__job" data-status={job.status}>
                <div className="download-center__main">
                  <span className="download-center__name">{job.name}</span>
                  <span className="download-center__meta">
                    {t(`downloads.kind.${job.kind}`)} · {t('downloads.created', { at: when(job.created_at) })}
                    {job.size !== null && ` · ${size(job.size)}`}
                  </span>
                  <span className={`download-center__status download-center__status--${job.status}`}>
                    {t(`downloads.status.${job.status}`)}
                    {job.status === 'failed' && job.error ? `: ${job.error}` : ''}
                  </span>
                  {busy(job) && (
                    <span className="download-center__progress">
                      <progress
                        max={Math.max(job.total, 1)}
                        value={job.done}
                        aria-label={t('downloads.progress', { done: job.done, total: job.total })}
                      />
                      <span>{t('downloads.progress', { done: job.done, total: job.total })}</span>
                    </span>
                  )}
                </div>
                <div className="download-center__actions">
                  {job.url && (
                    <a
                      className="lp-button lp-button--primary lp-button--sm"
                      href={downloadHref(job.url)}
                      download={job.name}
                      aria-label={t('downloads.downloadName', { name: job.name })}
                    >
                      {t('downloads.download')}
                    </a>
                  )}
                  {job.status === 'failed' && (
                    <Button
                      size="sm"
                      variant="primary"
                      aria-label={t('downloads.retryName', { name: job.name })}
                      onClick={() => void retry(job)}
                    >
                      {t('downloads.retry')}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="text"
                    guardMs={0}
                    aria-label={t('downloads.deleteName', { name: job.name })}
                    onClick={() => setAsking(job)}
                  >
                    {t('downloads.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <footer className="download-center__footer">
            <span className="download-center__muted">{t('downloads.count', { total: load.total })}</span>
            {load.total > load.list.length && (
              <Button size="sm" guardMs={0} onClick={() => setLimit((n) => Math.min(n + PAGE, 100))}>
                {t('downloads.more')}
              </Button>
            )}
          </footer>
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        danger
        title={t('downloads.confirmTitle')}
        message={asking ? t('downloads.confirmDelete', { name: asking.name }) : ''}
        confirmText={t('downloads.delete')}
        onAnswer={(yes) => {
          if (yes && asking) void remove(asking);
          else setAsking(null);
        }}
      />
    </section>
  );
}
