import { sql } from 'kysely';
import type { OrderListRow, OrderRow } from '../../../src/contract/orders/schemas.ts';
import {
  atRisk,
  estimatedArrival,
  isTrackingKind,
  TRACKING_KINDS,
  type TrackingKind,
} from '../../../src/contract/orders/where-now.ts';
import type { DB } from '../../db/database.ts';
import { MASK, masksStart, masksStop } from './masking.ts';
import { redactorsFor } from './redaction.ts';

/** One tracking event of a listed order, or its newest track point (`kind` 'track', no place). */
interface TrackingRow {
  order_id: number;
  kind: string;
  at: Date | string;
  location: string;
}

const ON_THE_ROAD = new Set<OrderRow['milestone']>(['picked_up', 'in_transit', 'out_for_delivery']);
const rank = (kind: string) => TRACKING_KINDS.indexOf(kind as TrackingKind);

/**
 * The tracking of the listed orders, in one statement after the page's: their tracking events
 * (`order_events_order`, a few per order: each milestone is posted once) and, for the orders on
 * the road, the time of the newest track point (the primary key read backwards, one entry each).
 * Read for the page's rows only, never joined before the page is cut, so the list's plans and
 * their cost do not change with how much an order was tracked.
 */
function trackingOf(db: DB, ids: readonly number[], onTheRoad: readonly number[]) {
  return sql<TrackingRow>`
    select e.order_id, e.kind, e.at, e.location
    from order_events e
    where e.order_id = any(${[...ids]}::int[]) and e.kind = any(${[...TRACKING_KINDS]}::text[])
    union all
    select r.id, 'track', t.at, ''
    from unnest(${[...onTheRoad]}::int[]) as r(id)
    cross join lateral (
      select t.at from order_track t where t.order_id = r.id order by t.at desc limit 1
    ) t
  `.execute(db);
}

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * The list's rows with where they are now (src/contract/orders/where-now.ts): the newest tracking
 * event, the place of the newest one that names a place, the estimated arrival and why the order
 * is at risk at `now`. A place passes the order's redactor as the view's log does (redaction.ts:
 * the masked side's door, or a text restating that side, is withheld); a withheld place reads as
 * the masked side's city, which the row shows anyway.
 */
export async function withWhereNow(db: DB, rows: readonly OrderRow[], now: Date): Promise<OrderListRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const road = rows.filter((row) => row.status === 'not_finished' && ON_THE_ROAD.has(row.milestone));
  const { rows: found } = await trackingOf(
    db,
    ids,
    road.map((row) => row.id),
  );
  const byOrder = new Map<number, TrackingRow[]>();
  for (const row of found) {
    const list = byOrder.get(row.order_id);
    if (list) list.push(row);
    else byOrder.set(row.order_id, [row]);
  }
  const placed = rows.filter(
    (row) =>
      (masksStart(row) || masksStop(row)) &&
      byOrder.get(row.id)?.some((e) => e.kind !== 'track' && e.location.trim() !== ''),
  );
  const redactors = await redactorsFor(
    db,
    placed.map((row) => row.id),
  );
  return rows.map((row) => {
    const tracked = byOrder.get(row.id) ?? [];
    // in the order of the steps (a milestone is posted only after the one before it, whatever
    // time its scanner gave it), then by time
    const events = tracked
      .filter((e) => isTrackingKind(e.kind))
      .sort((a, b) => rank(a.kind) - rank(b.kind) || new Date(a.at).getTime() - new Date(b.at).getTime());
    const last = events.at(-1);
    const placeEvent = events.findLast((e) => e.location.trim() !== '');
    let where = '';
    if (placeEvent) {
      where = redactors(row.id).place(placeEvent.location.trim(), placeEvent.kind);
      if (where.includes(MASK)) where = masksStart(row) ? row.from_city : row.to_city;
    }
    const news = tracked.map((e) => new Date(e.at).getTime());
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
  });
}
