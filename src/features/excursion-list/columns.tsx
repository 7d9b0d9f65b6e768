import '../../i18n/areas/excursion-list.ts';
import '../../i18n/areas/excursions.ts';
import type { CaseRow } from '../../contract/excursions/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { chinaStamp } from '../../lib/china-time.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import type { DataColumn } from '../../ui/data-table/index.ts';
import { Badge } from './badge.tsx';
import { CASE_LIST_PATH, casePath } from './case-links.ts';
import { celsiusText, durationText } from './case-words.ts';
import { OrderLink, PortalLink } from './portal-link.tsx';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The list's columns; the case number is a link (a tab stop: Enter opens the case). */
export function caseColumns(t: T, now: number): DataColumn<CaseRow>[] {
  return [
    {
      key: 'case_no',
      title: t('excursionList.column.case_no'),
      width: 130,
      hideable: false,
      pin: true,
      opens: true,
      render: (row) => (
        <PortalLink
          href={casePath(row.id)}
          title={row.case_no}
          activeMenu={CASE_LIST_PATH}
          className="exc-link exc-case-no"
          label={t('excursionList.openName', { no: row.case_no })}
        >
          {row.case_no}
        </PortalLink>
      ),
    },
    {
      key: 'state',
      title: t('excursionList.column.state'),
      width: 110,
      render: (row) => (
        <Badge kind="state" value={row.state}>
          {t(`excursions.state.${row.state}`)}
        </Badge>
      ),
    },
    {
      key: 'order_no',
      title: t('excursionList.column.order_no'),
      width: 190,
      render: (row) => (
        <OrderLink className="exc-link" order={{ id: row.order_id, order_no: row.order_no }} />
      ),
    },
    {
      key: 'project',
      title: t('excursionList.column.project'),
      width: 150,
      render: (row) => row.protocol_no || '—',
    },
    { key: 'logger', title: t('excursionList.column.logger'), width: 120, render: (row) => row.logger_id },
    {
      key: 'level',
      title: t('excursionList.column.level'),
      width: 90,
      render: (row) => (
        <Badge kind="level" value={row.level}>
          {t(`excursions.level.${row.level}`)}
        </Badge>
      ),
    },
    {
      key: 'budget',
      title: t('excursionList.column.budget'),
      width: 120,
      render: (row) => (
        <Badge kind="budget" value={row.budget}>
          {t(`excursions.budget.${row.budget}`)}
        </Badge>
      ),
    },
    {
      key: 'minutes_out',
      title: t('excursionList.column.minutes_out'),
      width: 130,
      align: 'end',
      render: (row) => durationText(t, row.minutes_out),
    },
    {
      key: 'peak',
      title: t('excursionList.column.peak'),
      width: 90,
      align: 'end',
      render: (row) => celsiusText(row.peak),
    },
    {
      key: 'opened_at',
      title: t('excursionList.column.opened_at'),
      width: 150,
      render: (row) => (
        <span className="exc-when">
          <span>{relativeTime(Date.parse(row.opened_at), now)}</span>{' '}
          <time className="exc-muted" dateTime={row.opened_at}>
            {chinaStamp(row.opened_at)}
          </time>
        </span>
      ),
    },
    {
      key: 'assignee',
      title: t('excursionList.column.assignee'),
      width: 120,
      render: (row) =>
        row.assignee?.name ?? <span className="exc-muted">{t('excursionList.unassigned')}</span>,
    },
    {
      key: 'decision',
      title: t('excursionList.column.decision'),
      width: 120,
      render: (row) =>
        row.decision ? (
          t(`excursions.decision.${row.decision}`)
        ) : (
          <span className="exc-muted">{t('excursionList.undecided')}</span>
        ),
    },
  ];
}
