import '../../i18n/areas/projects.ts';
import type { MouseEvent } from 'react';
import type { ProjectRow } from '../../contract/master-data/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import type { DataColumn } from '../../ui/data-table/index.ts';
import { projectPath } from './open-project.ts';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A plain click opens the project in the portal; a click with a modifier key is the browser's. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

// Swedish writes dates as ISO does: `2026-11-22`.
const dayFormat = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short' });

/** The day in China time (the provider's clock). */
export const formatDay = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : dayFormat.format(at);
};

/** The list's columns; the protocol number is a link (a tab stop: Enter opens the project). */
export function projectColumns(t: T, open: (row: ProjectRow) => void): DataColumn<ProjectRow>[] {
  return [
    {
      key: 'protocol_no',
      title: t('projects.column.protocol_no'),
      width: 170,
      sortable: true,
      hideable: false,
      pin: true,
      opens: true,
      render: (row) => (
        <a
          className="project-link"
          href={projectPath(row.pr_id)}
          aria-label={t('projects.openName', { no: row.protocol_no })}
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            open(row);
          }}
        >
          {row.protocol_no}
        </a>
      ),
    },
    { key: 'name', title: t('projects.column.name'), width: 240, sortable: true, render: (row) => row.name },
    {
      key: 'phase',
      title: t('projects.column.phase'),
      width: 90,
      sortable: true,
      render: (row) => row.phase || '—',
    },
    {
      key: 'sponsor',
      title: t('projects.column.sponsor'),
      width: 200,
      sortable: true,
      render: (row) => row.sponsor || '—',
    },
    {
      key: 'status',
      title: t('projects.column.status'),
      width: 100,
      render: (row) => (
        <span className="project-badge" data-status={row.status}>
          {t(`projects.status.${row.status}`)}
        </span>
      ),
    },
    {
      key: 'site_count',
      title: t('projects.column.site_count'),
      width: 110,
      align: 'end',
      sortable: true,
      render: (row) => String(row.site_count),
    },
    {
      key: 'order_count',
      title: t('projects.column.order_count'),
      width: 190,
      align: 'end',
      sortable: true,
      render: (row) => (
        <span title={t('projects.ordersOf', { open: row.open_order_count, all: row.order_count })}>
          {row.open_order_count} / {row.order_count}
        </span>
      ),
    },
    {
      key: 'tags',
      title: t('projects.column.tags'),
      width: 240,
      render: (row) =>
        row.tags.length === 0 ? (
          '—'
        ) : (
          <span className="project-tags">
            {row.tags.map((tag) => (
              <span key={tag} className="project-tag">
                {tag}
              </span>
            ))}
          </span>
        ),
    },
    {
      key: 'created_at',
      title: t('projects.column.created_at'),
      width: 130,
      sortable: true,
      hidden: true,
      render: (row) => <time dateTime={row.created_at}>{formatDay(row.created_at)}</time>,
    },
  ];
}
