import type { Row } from '../../db/schema.ts';
import { createHash } from 'node:crypto';
import { MILESTONES } from '../../../src/contract/orders/domain.ts';
import type { Tracking } from '../../../src/contract/tracking/schemas.ts';
import type { DB } from '../../db/database.ts';
import { eventsOf, rowOf } from '../orders/detail.ts';
import { MASK, maskedFields, masksStart } from '../orders/masking.ts';
import { placeNames } from '../orders/place-names.ts';
import { redactorOf } from '../orders/redaction.ts';
import { type PlaceNames, restatementFinder } from '../orders/restatement.ts';
import { iso } from '../orders/rows.ts';

/**
 * The masked status of an order as `<lp-order-status>` shows it. Built from the orders area's
 * masked list row (companies with asterisks where the order masks a side, cities) and its
 * masked event log; nothing else of the order (phones, contacts, addresses, remarks, goods) is
 * read into the answer. `signer` only for `ownerViewing` (a portal session whose current customer
 * owns the order) and never when the order masks the sign name.
 */
export async function trackingOf(db: DB, order: Row<'orders'>, ownerViewing: boolean): Promise<Tracking> {
  const [row, events, redact, reading] = await Promise.all([
    rowOf(db, order),
    eventsOf(db, order),
    redactorOf(db, order),
    db
      .selectFrom('order_readings')
      .select('order_id')
      .where('order_id', '=', order.id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const posted = MILESTONES.filter((m) => m !== 'none').map((milestone) => ({
    milestone,
    event: events.findLast((e) => e.kind === milestone),
  }));
  const placeOf = posted.some((p) => p.event?.location)
    ? publicPlace(order, row, await placeNames(db))
    : null;
  const steps = posted.map(({ milestone, event }) => ({
    milestone,
    at: event?.at ?? null,
    location: placeOf ? placeOf(event?.location ?? '') : '',
  }));
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
    signer: showSigner && order.sign_name !== null ? redact.text(order.sign_name, 'provider') : null,
    signed_at: iso(order.signed_at),
    has_readings: reading !== undefined,
  };
  return { ...shown, version: versionOf(shown), updated_at: row.updated_at };
}

/**
 * A step's place as a tracker may see it: a place the order's log withholds (it restated the
 * masked side, or is that side's door) becomes the masked side's city; a place restating a
 * party's contact, phone, address or the sign name in any spelling (a courier may post the
 * address itself; restatement.ts) becomes that side's city.
 */
function publicPlace(order: Row<'orders'>, row: { from_city: string; to_city: string }, places: PlaceNames) {
  const to = restatementFinder(
    [
      {
        contact: order.to_contact,
        phone: order.to_phone,
        address: order.to_address,
        sign_name: order.sign_name,
      },
    ],
    places,
  );
  const from = restatementFinder(
    [{ contact: order.from_contact, phone: order.from_phone, address: order.from_address }],
    places,
  );
  return (location: string): string => {
    if (location === '') return location;
    if (location.includes(MASK)) return masksStart(order) ? row.from_city : row.to_city;
    if (to.spans(location).length > 0) return row.to_city;
    if (from.spans(location).length > 0) return row.from_city;
    return location;
  };
}

/** A number that changes whenever anything shown changes (48 bits of a hash of it). */
function versionOf(shown: object): number {
  return createHash('sha256').update(JSON.stringify(shown)).digest().readUIntBE(0, 6);
}
