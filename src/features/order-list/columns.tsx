import '../../i18n/areas/order-list.ts';
import type { MouseEvent } from 'react';
import type { OrderListRow } from '../../contract/orders/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import type { DataColumn } from '../../ui/data-table/index.ts';
import {
  AttachmentMarker,
  EtaCell,
  ExcursionMarker,
  formatStamp,
  LastEventCell,
  PartyCell,
  StatusBadge,
  WhereCell,
} from './cells.tsx';
import { orderPath } from './open-order.ts';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A plain click opens the order in the portal; a click with a modifier key is the browser's. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The list's columns; the order number is a link (a tab stop: Enter opens the order). "Last
 * event", "Where" and "ETA" say where the order is now (src/contract/orders/where-now.ts), next to
 * the status so that a 1440 px screen shows them without scrolling sideways; a silent order's
 * hours count to the time the row is drawn.
 */
export function orderColumns(t: T, open: (row: OrderListRow) => void): DataColumn<OrderListRow>[] {
  return [
    {
      key: 'order_no',
      title: t('orderList.column.order_no'),
      width: 190,
      pin: true,
      opens: true,
      sortable: true,
      hideable: false,
      render: (row) => (
        <a
          className="order-link"
          href={orderPath(row.id)}
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            open(row);
          }}
        >
          {row.order_no}
        </a>
      ),
    },
    {
      key: 'status',
      title: t('orderList.column.status'),
      width: 185,
      sortable: true,
      render: (row) => <StatusBadge status={row.status} />,
    },
    {
      key: 'last_event',
      title: t('orderList.column.last_event'),
      width: 150,
      render: (row) => <LastEventCell event={row.last_event} />,
    },
    {
      key: 'where',
      title: t('orderList.column.where'),
      width: 180,
      render: (row) => <WhereCell where={row.where} />,
    },
    {
      key: 'eta',
      title: t('orderList.column.eta'),
      width: 175,
      render: (row) => <EtaCell row={row} now={new Date()} />,
    },
    {
      key: 'order_type',
      title: t('orderList.column.order_type'),
      card: false,
      width: 140,
      render: (row) => t(`orderList.type.${row.order_type}`),
    },
    {
      key: 'project',
      title: t('orderList.column.project'),
      card: false,
      width: 180,
      render: (row) =>
        row.pr_id === null ? (
          '—'
        ) : (
          <span className="order-party">
            <span className="order-party__company">{row.project_name}</span>
            <span className="order-party__detail">{row.protocol_no}</span>
          </span>
        ),
    },
    {
      key: 'from',
      title: t('orderList.column.from'),
      width: 200,
      render: (row) => <PartyCell row={row} side="from" />,
    },
    {
      key: 'to',
      title: t('orderList.column.to'),
      width: 200,
      render: (row) => <PartyCell row={row} side="to" />,
    },
    {
      key: 'temp_class',
      title: t('orderList.column.temp_class'),
      card: false,
      width: 170,
      render: (row) => t(`orderList.temp.${row.temp_class}`),
    },
    {
      key: 'excursion',
      title: t('orderList.column.excursion'),
      width: 150,
      render: (row) => <ExcursionMarker level={row.excursion} />,
    },
    {
      key: 'attachments',
      title: t('orderList.column.attachments'),
      card: false,
      width: 190,
      render: (row) => <AttachmentMarker status={row.attachment_status} />,
    },
    {
      key: 'pickup_at',
      title: t('orderList.column.pickup_at'),
      card: false,
      width: 165,
      sortable: true,
      hidden: true,
      render: (row) => formatStamp(row.pickup_at),
    },
    {
      key: 'deliver_by',
      title: t('orderList.column.deliver_by'),
      width: 165,
      sortable: true,
      render: (row) => formatStamp(row.deliver_by),
    },
    {
      key: 'created_at',
      title: t('orderList.column.created_at'),
      width: 165,
      sortable: true,
      render: (row) => formatStamp(row.created_at),
    },
    {
      key: 'updated_at',
      title: t('orderList.column.updated_at'),
      card: false,
      width: 165,
      sortable: true,
      hidden: true,
      render: (row) => formatStamp(row.updated_at),
    },
  ];
}
