import type { OrderDetail, OrderEvent } from '../../contract/orders/schemas.ts';
import {
  AT_RECEIVER,
  AT_SENDER,
  type AtRisk,
  atRisk,
  estimatedArrival,
  isTrackingKind,
  TRACKING_KINDS,
  type TrackingKind,
} from '../../contract/orders/where-now.ts';
import { MASK } from '../../lib/masking.ts';

/**
 * The order's route as the track section draws it: from the sender's city through each place the
 * tracking events name to the receiver's city, each stop with its step and time, and where the
 * goods are now (the last stop reached). Built from the order the view shows (its log is masked by
 * the server) by the list's rules (src/contract/orders/where-now.ts).
 */
export interface RouteStop {
  key: string;
  role: 'sender' | 'waypoint' | 'receiver';
  /** The city (sender, receiver) or the place the event names (a waypoint; '' when it names none). */
  place: string;
  /** The place the step at the sender's or receiver's door names, under its city ('' none or withheld). */
  detail: string;
  /** The step that happened here, and when; null for a stop not reached yet. */
  step: TrackingKind | null;
  at: string | null;
  state: 'passed' | 'current' | 'ahead';
}

export interface Route {
  stops: RouteStop[];
  /** The wanted pickup, shown at the sender until the goods are picked up. */
  plannedPickup: string | null;
  /** The estimated arrival at the receiver (null once delivered or cancelled). */
  eta: string | null;
  risk: AtRisk | null;
  cancelled: boolean;
}

type RouteOrder = Pick<
  OrderDetail,
  | 'status'
  | 'milestone'
  | 'pickup_at'
  | 'deliver_by'
  | 'from_city'
  | 'to_city'
  | 'from_company'
  | 'to_company'
> & { events: readonly Pick<OrderEvent, 'id' | 'kind' | 'at' | 'location'>[] };

const rank = (kind: TrackingKind) => TRACKING_KINDS.indexOf(kind);
/** A place the server withheld (the masked side's door, or a text restating that side). */
const shown = (place: string) => (place.includes(MASK) ? '' : place.trim());
const named = (value: string) => (value && !value.includes(MASK) ? value : '');

/** The route of `order` at `now`; `lastPoint` is the newest track point's time, if loaded. */
export function routeOf(order: RouteOrder, lastPoint: string | null, now: Date): Route {
  const steps = order.events
    .filter((e): e is typeof e & { kind: TrackingKind } => isTrackingKind(e.kind))
    .sort((a, b) => rank(a.kind) - rank(b.kind) || a.at.localeCompare(b.at) || a.id - b.id);
  const pickedUp = steps.find((e) => AT_SENDER.has(e.kind));
  const arrived = steps.find((e) => e.kind === 'delivered') ?? steps.find((e) => AT_RECEIVER.has(e.kind));
  const sender: RouteStop = {
    key: 'sender',
    role: 'sender',
    place: named(order.from_city) || named(order.from_company),
    detail: pickedUp ? shown(pickedUp.location) : '',
    step: pickedUp?.kind ?? null,
    at: pickedUp?.at ?? null,
    state: 'ahead',
  };
  const waypoints: RouteStop[] = steps
    .filter((e) => e.kind !== 'confirmed' && !AT_SENDER.has(e.kind) && !AT_RECEIVER.has(e.kind))
    .map((e) => ({
      key: `event-${e.id}`,
      role: 'waypoint',
      place: shown(e.location),
      detail: '',
      step: e.kind,
      at: e.at,
      state: 'ahead',
    }));
  const receiver: RouteStop = {
    key: 'receiver',
    role: 'receiver',
    place: named(order.to_city) || named(order.to_company),
    detail: arrived ? shown(arrived.location) : '',
    step: arrived?.kind ?? null,
    at: arrived?.at ?? null,
    state: 'ahead',
  };
  const stops = [sender, ...waypoints, receiver];
  // the goods are at the last stop reached: the receiver once delivered, else the newest
  // waypoint, else the sender (waiting there, or just picked up)
  const here = arrived ? stops.length - 1 : waypoints.length;
  stops.forEach((stop, i) => {
    stop.state = i < here ? 'passed' : i === here ? 'current' : 'ahead';
  });
  const times = [...steps.map((e) => e.at), ...(lastPoint ? [lastPoint] : [])].map(Date.parse);
  const facts = {
    status: order.status,
    milestone: order.milestone,
    pickup_at: order.pickup_at,
    deliver_by: order.deliver_by,
    picked_up_at: pickedUp?.at ?? null,
    last_news_at: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
  };
  const eta = estimatedArrival(facts, now);
  return {
    stops,
    plannedPickup: pickedUp ? null : order.pickup_at,
    eta,
    risk: atRisk(facts, eta, now),
    cancelled: order.status === 'cancelled',
  };
}
