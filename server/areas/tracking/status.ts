import { createHash } from 'node:crypto';
import { MILESTONES } from '../../../src/contract/orders/domain.ts';
import type { Tracking } from '../../../src/contract/tracking/schemas.ts';
import type { DB } from '../../db/database.ts';
import { eventsOf, type OrderRecord, rowOf } from '../orders/detail.ts';
import { maskedFields } from '../orders/masking.ts';
import { iso } from '../orders/rows.ts';

/**
 * The masked status of an order as `<lp-order-status>` shows it. Built from the orders area's
 * masked list row (companies with asterisks where the order masks a side, cities) and its
 * masked event log; nothing else of the order (phones, contacts, addresses, remarks, goods) is
 * read into the answer. `signer` only for `ownerViewing` (a portal session whose current customer
 * owns the order) and never when the order masks the sign name.
 */
export async function trackingOf(db: DB, order: OrderRecord, ownerViewing: boolean): Promise<Tracking> {
  const [row, events, reading] = await Promise.all([
    rowOf(db, order),
    eventsOf(db, order),
    db
      .selectFrom('order_readings')
      .select('order_id')
      .where('order_id', '=', order.id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const steps = MILESTONES.filter((m) => m !== 'none').map((milestone) => {
    const event = events.findLast((e) => e.kind === milestone);
    return { milestone, at: event?.at ?? null, location: placeOf(event?.location ?? '', order, row) };
  });
  const delivered = steps.find((s) => s.milestone === 'delivered')?.at ?? null;
  const cancelled = events.findLast((e) => e.status_to === 'cancelled')?.at ?? null;
  const showSigner = ownerViewing && !maskedFields(order).includes('sign_name');
  const shown: Omit<Tracking, 'version' | 'updated_at'> = {
    order_no: row.order_no,
    status: row.status,
    milestone: row.milestone,
    temp_class: row.temp_class,
    excursion: row.excursion,
    from: { company: row.from_company, city: row.from_city },
    to: { company: row.to_company, city: row.to_city },
    pickup_at: row.pickup_at,
    deliver_by: row.deliver_by,
    delivered_at: delivered ?? (order.status === 'finished' ? iso(order.signed_at) : null),
    cancelled_at: order.status === 'cancelled' ? (cancelled ?? row.updated_at) : null,
    steps,
    signer: showSigner ? order.sign_name : null,
    signed_at: iso(order.signed_at),
    has_readings: reading !== undefined,
  };
  return { ...shown, version: versionOf(shown), updated_at: row.updated_at };
}

/**
 * A step's place as a tracker may see it: a place naming a party's contact, phone, address or
 * the sign name (a courier may post the address itself) becomes that side's city.
 */
function placeOf(location: string, order: OrderRecord, row: { from_city: string; to_city: string }): string {
  const names = (values: Array<string | null>) =>
    values.filter((v): v is string => v !== null && v.trim().length >= 2);
  const from = names([order.from_contact, order.from_phone, order.from_address]);
  const to = names([order.to_contact, order.to_phone, order.to_address, order.sign_name]);
  if (to.some((value) => location.includes(value))) return row.to_city;
  if (from.some((value) => location.includes(value))) return row.from_city;
  return location;
}

/** A number that changes whenever anything shown changes (48 bits of a hash of it). */
function versionOf(shown: object): number {
  return createHash('sha256').update(JSON.stringify(shown)).digest().readUIntBE(0, 6);
}
