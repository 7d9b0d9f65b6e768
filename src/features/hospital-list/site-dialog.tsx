import '../../i18n/areas/sites.ts';
import { useEffect, useState } from 'react';
import type { SiteDetail, SiteRow } from '../../contract/master-data/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { useT } from '../../ui/use-t.ts';
import { fetchSite } from './api.ts';
import { placeText, plainClick, projectPath } from './columns.tsx';

export interface SiteDialogProps {
  /** The row whose details show (null: closed). */
  site: SiteRow | null;
  onClose: () => void;
  openProject: (project: { pr_id: number; protocol_no: string }) => void;
}

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; detail: SiteDetail };

/** A site's details (`get-hospital`): contact, place and the projects it serves with their site numbers. */
export function SiteDialog({ site, onClose, openProject }: SiteDialogProps) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const hoId = site?.ho_id ?? null;

  useEffect(() => {
    if (hoId === null || round < 0) return;
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    fetchSite(hoId, controller.signal).then(
      (detail) => setLoaded({ status: 'loaded', detail }),
      () => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [hoId, round]);

  const detail = loaded.status === 'loaded' ? loaded.detail : null;
  return (
    <Dialog
      open={site !== null}
      onClose={onClose}
      title={site?.name ?? t('sites.detail.title')}
      width={560}
      footer={
        <Button guardMs={0} onClick={onClose}>
          {t('sites.detail.close')}
        </Button>
      }
    >
      {site && (
        <dl className="site-detail">
          <dt>{t('sites.column.department')}</dt>
          <dd>{site.department || '—'}</dd>
          <dt>{t('sites.column.investigator')}</dt>
          <dd>{site.investigator || '—'}</dd>
          <dt>{t('sites.column.phone')}</dt>
          <dd>{site.phone ? <a href={`tel:${site.phone}`}>{site.phone}</a> : '—'}</dd>
          <dt>{t('sites.detail.place')}</dt>
          <dd>{placeText(site) || t('sites.noPlace')}</dd>
          <dt>{t('sites.column.address')}</dt>
          <dd>{site.address || '—'}</dd>
        </dl>
      )}
      <h3 className="site-detail__heading">{t('sites.detail.projects')}</h3>
      {loaded.status === 'loading' && (
        <p className="site-muted" role="status">
          {t('sites.detail.loading')}
        </p>
      )}
      {loaded.status === 'failed' && (
        <div role="alert" className="site-detail__failed">
          <p>{t('sites.detail.failed')}</p>
          <Button size="sm" guardMs={0} onClick={() => setRound((n) => n + 1)}>
            {t('sites.detail.retry')}
          </Button>
        </div>
      )}
      {detail &&
        (detail.projects.length === 0 ? (
          <p className="site-muted">{t('sites.noProjects')}</p>
        ) : (
          <ul className="site-detail__projects">
            {detail.projects.map((project) => (
              <li key={project.pr_id}>
                <a
                  className="site-link"
                  href={projectPath(project.pr_id)}
                  onClick={(event) => {
                    if (!plainClick(event)) return;
                    event.preventDefault();
                    onClose();
                    openProject(project);
                  }}
                >
                  {project.protocol_no}
                </a>{' '}
                {project.name}{' '}
                <span className="site-muted">
                  {project.site_no
                    ? `${t('sites.detail.siteNo')} ${project.site_no}`
                    : t('sites.detail.noSiteNo')}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </Dialog>
  );
}
