import '../../i18n/areas/order-drafts.ts';
import type { MouseEvent } from 'react';
import type { DraftRow } from '../../contract/order-editor/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import type { DataColumn } from '../../ui/data-table/index.ts';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A plain click opens in the portal; a click with a modifier key is the browser's. */
export const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** What a draft is called: its kind (new, edit of an order, copy of one) and project. */
export function draftName(
  t: T,
  draft: { mode: DraftRow['mode']; order_no: string | null; project_name?: string | null },
): string {
  const kind =
    draft.mode === 'new' || !draft.order_no
      ? t('orderDrafts.mode.new')
      : t(`orderDrafts.mode.${draft.mode}`, { no: draft.order_no });
  return draft.project_name ? `${kind} · ${draft.project_name}` : kind;
}

export const sides = (from: string | undefined, to: string | undefined): string =>
  from || to ? `${from || '—'} → ${to || '—'}` : '—';

export interface DraftColumnsOptions {
  t: T;
  /** The editor's address for a row. */
  path: (row: DraftRow) => string;
  open: (row: DraftRow) => void;
  /** Rows this browser holds newer changes of. */
  newerHere: (row: DraftRow) => boolean;
  savedAt: (iso: string) => { text: string; full: string };
}

/** The draft box's columns; the draft's name is a link (Enter opens it in the editor). */
export function draftColumns({
  t,
  path,
  open,
  newerHere,
  savedAt,
}: DraftColumnsOptions): DataColumn<DraftRow>[] {
  return [
    {
      key: 'draft',
      title: t('orderDrafts.column.draft'),
      width: 260,
      hideable: false,
      pin: true,
      render: (row) => {
        const name = draftName(t, { mode: row.mode, order_no: row.order_no });
        return (
          <span className="draft-name">
            <a
              className="draft-link"
              href={path(row)}
              aria-label={t('orderDrafts.openName', { name: `${name} #${row.id}` })}
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                open(row);
              }}
            >
              {name} <span className="draft-id">#{row.id}</span>
            </a>
            {newerHere(row) && <span className="draft-mark">{t('orderDrafts.newerHere')}</span>}
          </span>
        );
      },
    },
    {
      key: 'project',
      title: t('orderDrafts.column.project'),
      width: 180,
      render: (row) => row.project_name || <span className="draft-muted">{t('orderDrafts.noProject')}</span>,
    },
    {
      key: 'order_type',
      title: t('orderDrafts.column.order_type'),
      width: 140,
      render: (row) => (row.order_type ? t(`orderDrafts.type.${row.order_type}`) : '—'),
    },
    {
      key: 'route',
      title: t('orderDrafts.column.route'),
      width: 280,
      render: (row) => sides(row.from_company, row.to_company),
    },
    {
      key: 'goods_count',
      title: t('orderDrafts.column.goods'),
      width: 130,
      align: 'end',
      render: (row) => String(row.goods_count),
    },
    {
      key: 'saved_at',
      title: t('orderDrafts.column.saved_at'),
      width: 150,
      render: (row) => {
        const at = savedAt(row.saved_at);
        return (
          <time dateTime={row.saved_at} title={at.full}>
            {at.text}
          </time>
        );
      },
    },
  ];
}
