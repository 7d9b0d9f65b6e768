import '../../i18n/areas/projects.ts';
import { useStore } from '@nanostores/react';
import { type MouseEvent, useMemo } from 'react';
import type { OrderStatus } from '../../contract/orders/domain.ts';
import type { OrderList, OrderRow } from '../../contract/orders/schemas.ts';
import { createListStore, type ListStore, pageQuery } from '../../stores/list/index.ts';
import { navigate } from '../../stores/navigation.ts';
import { addView } from '../../stores/tabs.ts';
import { type DataColumn, DataTable } from '../../ui/data-table/index.ts';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { loadOrders } from './api.ts';
import { ZoneNote } from '../../ui/zone-note/zone-note.tsx';

export type ProjectOrdersStore = ListStore<OrderRow, { pr_id: number }, OrderList>;

const ORDER_LIST_PATH = '/customer-order/index';
export const orderPath = (id: number): string => `/customer-order/view/${id}`;
/** The order list filtered to the project, and a status tab (the list reads both from its address). */
export const projectOrdersPath = (prId: number, status: 'all' | OrderStatus = 'all'): string =>
  `${ORDER_LIST_PATH}?pr_id=${prId}${status === 'all' ? '' : `&status=${status}`}`;

/** The project's orders, newest first, a page of 5 at a time (the order list has them all). */
export function createProjectOrdersStore(prId: number, pageSize = 5): ProjectOrdersStore {
  return createListStore<OrderRow, { pr_id: number }, OrderList>({
    fetch: (params, signal) => {
      const { sort: _sort, ...page } = pageQuery(params);
      return loadOrders({ ...page, pr_id: params.filters.pr_id }, signal);
    },
    filters: { pr_id: prId },
    pageSize,
    rowId: (row) => String(row.id),
  });
}

/** Opens an order in its own tab titled with its number, as the order list does. */
function openOrder(order: { id: number; order_no: string }): void {
  const path = orderPath(order.id);
  addView({
    path,
    name: path,
    title: order.order_no,
    meta: { title: order.order_no, activeMenu: ORDER_LIST_PATH },
  });
  navigate(path);
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

// Swedish writes dates as ISO does: `2026-11-22 14:05`.
const stampFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** A party as the server sends it (masked sides come as asterisks) with its city. */
const party = (company: string, city: string) => (
  <span className="project-party">
    <span>{company || '—'}</span>
    {city && <span className="project-muted">{city}</span>}
  </span>
);

export interface ProjectOrdersProps {
  orders: ProjectOrdersStore;
  protocolNo: string;
  onOpenOrder?: (order: { id: number; order_no: string }) => void;
}

/** A compact list of the project's orders; each order number opens the order's tab. */
export function ProjectOrders({ orders, protocolNo, onOpenOrder }: ProjectOrdersProps) {
  const t = useT();
  const state = useStore(orders.$state);
  const columns = useMemo<DataColumn<OrderRow>[]>(
    () => [
      {
        key: 'order_no',
        title: t('projects.view.order.no'),
        width: 190,
        hideable: false,
        render: (row) => (
          <a
            className="project-link"
            href={orderPath(row.id)}
            onClick={(event) => {
              if (!plainClick(event)) return;
              event.preventDefault();
              onOpenOrder?.({ id: row.id, order_no: row.order_no });
              openOrder(row);
            }}
          >
            {row.order_no}
          </a>
        ),
      },
      {
        key: 'status',
        title: t('projects.view.order.status'),
        width: 150,
        render: (row) => (
          <span className="project-badge" data-status={row.status}>
            {t(`projects.orderStatus.${row.status}`)}
          </span>
        ),
      },
      {
        key: 'order_type',
        title: t('projects.view.order.type'),
        width: 130,
        render: (row) => t(`projects.type.${row.order_type}`),
      },
      {
        key: 'created_at',
        title: t('projects.view.order.created'),
        width: 150,
        render: (row) => (
          <time dateTime={row.created_at}>{stampFormat.format(new Date(row.created_at))}</time>
        ),
      },
      {
        key: 'from',
        title: t('projects.view.order.from'),
        width: 200,
        render: (row) => party(row.from_company, row.from_city),
      },
      {
        key: 'to',
        title: t('projects.view.order.to'),
        width: 200,
        render: (row) => party(row.to_company, row.to_city),
      },
    ],
    [t, onOpenOrder],
  );
  return (
    <>
      <ZoneNote />
      <DataTable<OrderRow>
        cards
        source={orders}
        columns={columns}
        label={t('projects.view.ordersTable', { no: protocolNo })}
        rowLabel={(row) => row.order_no}
        pageSizes={[5, 10, 20]}
        maxHeight="none"
        empty={<EmptyState message={t('projects.view.noOrders')} />}
        totalAtLeast={state.answer?.counts_capped === true}
      />
    </>
  );
}
