import type { Milestone, OrderStatus } from './domain.ts';

/**
 * "Where is it now" (issue 32): the rules that turn an order's tracking into the list's last event,
 * estimated arrival and at-risk mark, and the view's route. The server answers the list with them
 * (server/areas/orders/where-now.ts); the order view applies the same rules to the order it shows.
 * A module of its own, without valibot: the view's bundle takes these without the list's schemas.
 *
 * - **Tracking events** are the provider's milestones and its signature (`TRACKING_KINDS`): what
 *   says where the goods are. Track points (`provider/track`) carry coordinates only: they never
 *   name a place, but they are news (the vehicle reports), so they count against `silent`.
 * - **Estimated arrival** (`estimatedArrival`): the deliver-by time is the target. The order's own
 *   plan gives its leg, deliver-by minus the wanted pickup time; goods picked up late arrive that
 *   much late (the pickup's time plus the leg), and goods not yet picked up after the wanted
 *   pickup cannot arrive before now plus the leg. Never earlier than the deliver-by time (it is a
 *   "by" time; arriving early is on time). None once delivered or cancelled, nor without a
 *   deliver-by time.
 * - **At risk** (`atRisk`), for an order neither delivered nor cancelled: `late` when the estimate
 *   or now is past the deliver-by time; else `silent` when it is on the road (picked up, not
 *   delivered) and nothing came from it (no tracking event, no track point) for more than
 *   `SILENT_HOURS`. Late wins when both hold: it is past its promise.
 */

/** The events that say where the goods are, in the order they happen. */
export const TRACKING_KINDS = [
  'confirmed',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'signed',
] as const;
export type TrackingKind = (typeof TRACKING_KINDS)[number];

export const isTrackingKind = (kind: string): kind is TrackingKind =>
  (TRACKING_KINDS as readonly string[]).includes(kind);

/** The events at a side's door: the goods leave the sender (picked up) or reach the receiver. */
export const AT_SENDER: ReadonlySet<string> = new Set(['picked_up']);
export const AT_RECEIVER: ReadonlySet<string> = new Set(['delivered', 'signed']);

/** An order on the road with no news for longer than this is `silent`. */
export const SILENT_HOURS = 6;

export const AT_RISK_REASONS = ['late', 'silent'] as const;
export type AtRiskReason = (typeof AT_RISK_REASONS)[number];

/**
 * Why an order is at risk: `late` since its deliver-by time, or `silent` since its last news
 * (the time the badge counts from: "No news for 8 h").
 */
export interface AtRisk {
  reason: AtRiskReason;
  since: string;
}

/** What the rules read of an order (ISO 8601 times). */
export interface TrackingFacts {
  status: OrderStatus;
  milestone: Milestone;
  pickup_at: string | null;
  deliver_by: string | null;
  /** When the goods were picked up (the `picked_up` event), if they were. */
  picked_up_at: string | null;
  /** The newest news: tracking event or track point. */
  last_news_at: string | null;
}

const HOUR_MS = 60 * 60 * 1000;
const ON_THE_ROAD: ReadonlySet<Milestone> = new Set(['picked_up', 'in_transit', 'out_for_delivery']);
const AFTER_PICKUP: ReadonlySet<Milestone> = new Set([...ON_THE_ROAD, 'delivered']);

const time = (iso: string | null): number | null => {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/** Delivered (or signed for), or cancelled: nothing more to estimate. */
export const isDone = (facts: Pick<TrackingFacts, 'status' | 'milestone'>): boolean =>
  facts.status === 'finished' || facts.status === 'cancelled' || facts.milestone === 'delivered';

/** The estimated arrival (see the module's comment), or null. */
export function estimatedArrival(facts: TrackingFacts, now: Date): string | null {
  if (isDone(facts)) return null;
  const due = time(facts.deliver_by);
  if (due === null) return null;
  const wanted = time(facts.pickup_at);
  const leg = wanted !== null && due > wanted ? due - wanted : null;
  if (leg === null || wanted === null) return new Date(due).toISOString();
  const pickedUp = time(facts.picked_up_at);
  let estimate = due;
  if (pickedUp !== null) estimate = Math.max(due, pickedUp + leg);
  else if (!AFTER_PICKUP.has(facts.milestone))
    estimate = Math.max(due, Math.max(now.getTime(), wanted) + leg);
  return new Date(estimate).toISOString();
}

/** Why the order is at risk now (see the module's comment), or null. */
export function atRisk(facts: TrackingFacts, eta: string | null, now: Date): AtRisk | null {
  if (isDone(facts)) return null;
  const due = time(facts.deliver_by);
  const estimate = time(eta);
  if (due !== null && (now.getTime() > due || (estimate !== null && estimate > due)))
    return { reason: 'late', since: new Date(due).toISOString() };
  const news = time(facts.last_news_at);
  if (
    facts.status === 'not_finished' &&
    ON_THE_ROAD.has(facts.milestone) &&
    news !== null &&
    now.getTime() - news > SILENT_HOURS * HOUR_MS
  )
    return { reason: 'silent', since: new Date(news).toISOString() };
  return null;
}

/** Whole hours from `since` to `now` (at least 1): the "No news for 8 h" of a silent order. */
export const hoursSince = (since: string, now: Date): number =>
  Math.max(1, Math.floor((now.getTime() - Date.parse(since)) / HOUR_MS));
