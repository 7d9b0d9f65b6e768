import { type SelectQueryBuilder, sql } from 'kysely';
import type { OrderListRow, OrderRow } from '../../../src/contract/orders/schemas.ts';
import {
  AT_RECEIVER,
  AT_SENDER,
  atRisk,
  estimatedArrival,
  isTrackingKind,
  TRACKING_KINDS,
  type TrackingKind,
} from '../../../src/contract/orders/where-now.ts';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { MASK, masksStart, masksStop } from './masking.ts';
import { selectOrderRows, toOrderRow } from './rows.ts';
import { redactorsFor } from './redaction.ts';

/** One tracking event of a listed order, as its page's statement hands it over. */
interface TrackingEvent {
  kind: string;
  at: string;
  location: string;
}

const kinds = sql.join(TRACKING_KINDS.map((kind) => sql.lit(kind)));

/**
 * The list's rows (rows.ts `selectOrderRows`) with what "where is it now" reads, in the page's
 * own statement: the order's tracking events (`order_events_order`, a few per order: each
 * milestone is posted once) and, for an order on the road, the time of its newest track point
 * (the primary key read backwards, one entry). Both are subqueries of the select list, which
 * PostgreSQL evaluates after the sort and the limit: for the page's rows only, whatever the
 * page's plan, so a well-tracked customer's list costs what it did.
 */
export function selectListRows(query: SelectQueryBuilder<Database, 'orders', object>) {
  return selectOrderRows(query).select([
    sql<TrackingEvent[] | null>`(
      select json_agg(json_build_object('kind', e.kind, 'at', e.at, 'location', e.location))
      from order_events e where e.order_id = orders.id and e.kind in (${kinds})
    )`.as('tracking'),
    sql<Date | string | null>`case when orders.status = 'not_finished'
      and orders.milestone in ('picked_up', 'in_transit', 'out_for_delivery') then (
        select t.at from order_track t where t.order_id = orders.id order by t.at desc limit 1
      ) end`.as('last_point'),
  ]);
}

export type ListRowRecord = Awaited<ReturnType<ReturnType<typeof selectListRows>['execute']>>[number];

const rank = (kind: string) => TRACKING_KINDS.indexOf(kind as TrackingKind);
/** The newest event that names a place (the events in their order). */
const placeOf = (events: readonly TrackingEvent[]) => events.findLast((e) => e.location.trim() !== '');
/** The step happened at the masked side's door (redaction.ts withholds its place whatever it says). */
const atMaskedDoor = (row: OrderRow, kind: string) =>
  (masksStop(row) && AT_RECEIVER.has(kind)) || (masksStart(row) && AT_SENDER.has(kind));
const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * The list's rows, masked, with where they are now (src/contract/orders/where-now.ts): the newest
 * tracking event, the place of the newest one that names a place, the estimated arrival and why
 * the order is at risk at `now`. A place passes the order's redactor as the view's log does
 * (redaction.ts: the masked side's door, or a text restating that side, is withheld; one more
 * statement when the page has such an order); a withheld place reads as the masked side's city,
 * which the row shows anyway.
 */
export async function toListRows(
  db: DB,
  records: readonly ListRowRecord[],
  now: Date,
): Promise<OrderListRow[]> {
  const listed = records.map((record) => {
    // in the order of the steps (a milestone is posted only after the one before it, whatever
    // time its scanner gave it), then by time
    const events = (record.tracking ?? [])
      .filter((e) => isTrackingKind(e.kind))
      .sort((a, b) => rank(a.kind) - rank(b.kind) || Date.parse(a.at) - Date.parse(b.at));
    return { row: toOrderRow(record), events, lastPoint: record.last_point };
  });
  // a masked order whose place is not at that side's door asks its redactor (at the door the place
  // is withheld whatever it says: no need to read the order's requests for that)
  const placed = listed.filter(({ row, events }) => {
    const place = placeOf(events);
    return place !== undefined && (masksStart(row) || masksStop(row)) && !atMaskedDoor(row, place.kind);
  });
  const redactors = await redactorsFor(
    db,
    placed.map(({ row }) => row.id),
  );
  return listed.map(({ row, events, lastPoint }) => whereNow(row, events, lastPoint, now, redactors));
}

function whereNow(
  row: OrderRow,
  events: readonly TrackingEvent[],
  lastPoint: Date | string | null,
  now: Date,
  redactors: Awaited<ReturnType<typeof redactorsFor>>,
): OrderListRow {
  const last = events.at(-1);
  const placeEvent = placeOf(events);
  let where = '';
  if (placeEvent) {
    where = atMaskedDoor(row, placeEvent.kind)
      ? MASK
      : redactors(row.id).place(placeEvent.location.trim(), placeEvent.kind);
    if (where.includes(MASK)) where = masksStart(row) ? row.from_city : row.to_city;
  }
  const news = [
    ...events.map((e) => Date.parse(e.at)),
    ...(lastPoint ? [new Date(lastPoint).getTime()] : []),
  ];
  const pickedUp = events.find((e) => e.kind === 'picked_up');
  const facts = {
    status: row.status,
    milestone: row.milestone,
    pickup_at: row.pickup_at,
    deliver_by: row.deliver_by,
    picked_up_at: pickedUp ? iso(pickedUp.at) : null,
    last_news_at: news.length > 0 ? new Date(Math.max(...news)).toISOString() : null,
  };
  const eta = estimatedArrival(facts, now);
  return {
    ...row,
    last_event: last ? { kind: last.kind as TrackingKind, at: iso(last.at) } : null,
    where,
    eta,
    at_risk: atRisk(facts, eta, now),
  };
}
