import type { SelectQueryBuilder } from 'kysely';
import type { OrderRow } from '../../../src/contract/orders/schemas.ts';
import type { Database } from '../../db/schema.ts';
import { cityOf } from '../master-data/region-names.ts';
import { maskOrder } from './masking.ts';

/**
 * Orders as list rows: the order's own columns with its project (name, protocol number), site
 * name and the start and stop cities' names (an order names a district: its city is shown). `query` is a select of `orders` already filtered,
 * sorted and paged (see list-query.ts); this adds the joins and the columns.
 */
export function selectOrderRows(query: SelectQueryBuilder<Database, 'orders', object>) {
  return query
    .leftJoin('projects', 'projects.pr_id', 'orders.pr_id')
    .leftJoin('sites', 'sites.ho_id', 'orders.ho_id')
    .leftJoin('regions as from_region', 'from_region.region_id', 'orders.from_city_id')
    .leftJoin('regions as from_parent', 'from_parent.region_id', 'from_region.parent_id')
    .leftJoin('regions as to_region', 'to_region.region_id', 'orders.to_city_id')
    .leftJoin('regions as to_parent', 'to_parent.region_id', 'to_region.parent_id')
    .select([
      'orders.id',
      'orders.order_no',
      'orders.status',
      'orders.order_type',
      'orders.is_dtp',
      'orders.to_goodstype',
      'orders.temp_class',
      'orders.pr_id',
      'projects.name as project_name',
      'projects.protocol_no',
      'orders.from_company',
      'orders.from_contact',
      cityOf('from_region', 'from_parent').as('from_city'),
      'orders.to_company',
      'orders.to_contact',
      cityOf('to_region', 'to_parent').as('to_city'),
      'sites.name as site_name',
      'orders.pickup_at',
      'orders.deliver_by',
      'orders.milestone',
      'orders.excursion',
      'orders.attachment_status',
      'orders.created_at',
      'orders.updated_at',
      'orders.version',
    ]);
}

export type OrderRowRecord = Awaited<ReturnType<ReturnType<typeof selectOrderRows>['execute']>>[number];

/** An ISO 8601 time, or null. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** A database row as the list's row, masked (spec §3). */
export function toOrderRow(row: OrderRowRecord): OrderRow {
  return maskOrder({
    id: row.id,
    order_no: row.order_no,
    status: row.status,
    order_type: row.order_type,
    is_dtp: row.is_dtp,
    to_goodstype: row.to_goodstype,
    temp_class: row.temp_class,
    pr_id: row.pr_id,
    project_name: row.project_name ?? '',
    protocol_no: row.protocol_no ?? '',
    from_company: row.from_company,
    from_contact: row.from_contact,
    from_city: row.from_city ?? '',
    to_company: row.to_company,
    to_contact: row.to_contact,
    to_city: row.to_city ?? '',
    site_name: row.site_name ?? '',
    pickup_at: iso(row.pickup_at),
    deliver_by: iso(row.deliver_by),
    milestone: row.milestone,
    excursion: row.excursion,
    attachment_status: row.attachment_status,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    version: row.version,
  });
}
