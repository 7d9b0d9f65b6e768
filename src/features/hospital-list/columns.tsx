import '../../i18n/areas/sites.ts';
import type { MouseEvent } from 'react';
import type { SiteRow } from '../../contract/master-data/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import type { DataColumn } from '../../ui/data-table/index.ts';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** Where the project view opens (its own tab in the portal). */
export const projectPath = (prId: number): string => `/customer-project/view/${prId}`;

/** A plain click opens in the portal; a click with a modifier key is the browser's. */
export const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Province / city / district, without repeats (北京 / 北京市 stays two, a city as its own province once). */
export function placeText(site: Pick<SiteRow, 'province' | 'city' | 'district'>): string {
  const parts = [site.province, site.city, site.district].filter((part) => part !== '');
  return parts.filter((part, at) => parts.indexOf(part) === at).join(' / ');
}

export interface SiteColumnsOptions {
  t: T;
  /** Opens the site's details. */
  details: (row: SiteRow) => void;
  /** Opens a project in the portal. */
  openProject: (project: { pr_id: number; protocol_no: string }) => void;
}

/** The site list's columns; the name opens the details, each protocol number its project. */
export function siteColumns({ t, details, openProject }: SiteColumnsOptions): DataColumn<SiteRow>[] {
  return [
    {
      key: 'name',
      title: t('sites.column.name'),
      width: 240,
      sortable: true,
      hideable: false,
      pin: true,
      render: (row) => (
        <button
          type="button"
          className="site-name"
          aria-haspopup="dialog"
          aria-label={t('sites.detailsOf', { name: row.name })}
          onClick={() => details(row)}
        >
          {row.name}
        </button>
      ),
    },
    { key: 'department', title: t('sites.column.department'), width: 140, sortable: true },
    { key: 'investigator', title: t('sites.column.investigator'), width: 120, sortable: true },
    {
      key: 'city',
      title: t('sites.column.city'),
      width: 200,
      sortable: true,
      render: (row) => placeText(row) || <span className="site-muted">{t('sites.noPlace')}</span>,
    },
    {
      key: 'projects',
      title: t('sites.column.projects'),
      width: 260,
      render: (row) =>
        row.projects.length === 0 ? (
          <span className="site-muted">{t('sites.noProjects')}</span>
        ) : (
          <ul className="site-projects">
            {row.projects.map((project) => (
              <li key={project.pr_id}>
                <a
                  className="site-link"
                  href={projectPath(project.pr_id)}
                  aria-label={t('sites.openProject', { no: project.protocol_no })}
                  onClick={(event) => {
                    if (!plainClick(event)) return;
                    event.preventDefault();
                    openProject(project);
                  }}
                >
                  {project.protocol_no}
                </a>
              </li>
            ))}
          </ul>
        ),
    },
    { key: 'phone', title: t('sites.column.phone'), width: 140, hidden: true },
    { key: 'address', title: t('sites.column.address'), width: 220, hidden: true },
  ];
}
