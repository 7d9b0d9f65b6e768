import { useCallback } from 'react';
import type { OrderDetail, Track } from '../../contract/orders/schemas.ts';
import { type AtRisk, hoursSince } from '../../contract/orders/where-now.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { useT } from '../../ui/use-t.ts';
import { formatStamp } from './format.ts';
import { loadTrack } from './order-api.ts';
import { type Route, type RouteStop, routeOf } from './route.ts';
import { SectionState } from './section-state.tsx';
import { eventLabelKey } from './timeline-section.tsx';
import { useSection } from './use-section.ts';
import '../../i18n/areas/order-view.ts';

const coord = (value: number) => value.toFixed(5);

const ROLE: Record<RouteStop['role'], MessageKey> = {
  sender: 'orderView.route.sender',
  waypoint: 'orderView.route.waypoint',
  receiver: 'orderView.route.receiver',
};

/** Why the order is at risk, in words with an icon (never colour alone). */
function RiskMark({ risk, now }: { risk: AtRisk; now: Date }) {
  const t = useT();
  const late = risk.reason === 'late';
  return (
    <span className="order-route__risk" data-risk={risk.reason}>
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
        {late ? (
          <path fill="currentColor" d="M6 .5 11.5 11h-11zM5.25 4v3.5h1.5V4zm0 4.5V10h1.5V8.5z" />
        ) : (
          <path
            fill="currentColor"
            d="M6 0a6 6 0 1 1 0 12A6 6 0 0 1 6 0m0 1.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9M5.25 3h1.5v2.7l1.9 1.9-1.06 1.06-2.34-2.35z"
          />
        )}
      </svg>
      {riskWords(risk, now, t)}
    </span>
  );
}

const riskWords = (risk: AtRisk, now: Date, t: ReturnType<typeof useT>) =>
  risk.reason === 'late'
    ? t('orderView.route.late')
    : t('orderView.route.silent', { hours: hoursSince(risk.since, now) });

/** Where a risk is marked: lateness at the receiver (the arrival), silence where the goods are. */
const riskAt = (stop: RouteStop, risk: AtRisk | null): boolean =>
  risk !== null && (risk.reason === 'late' ? stop.role === 'receiver' : stop.state === 'current');

/** What a stop says besides its place: its step and time, or what is expected there. */
function stopFacts(stop: RouteStop, route: Route, t: ReturnType<typeof useT>): string[] {
  const facts: string[] = [];
  if (stop.step && stop.at) facts.push(`${t(eventLabelKey(stop.step))} ${formatStamp(stop.at)}`);
  else if (stop.role === 'sender' && route.plannedPickup)
    facts.push(t('orderView.route.plannedPickup', { time: formatStamp(route.plannedPickup) }));
  else if (stop.role === 'sender' && !route.cancelled) facts.push(t('orderView.route.waiting'));
  if (stop.role === 'receiver' && route.eta)
    facts.push(t('orderView.route.eta', { time: formatStamp(route.eta) }));
  if (stop.detail) facts.push(stop.detail);
  return facts;
}

/** The place a stop shows: its city or place, else what happened there. */
const placeOf = (stop: RouteStop, t: ReturnType<typeof useT>) =>
  stop.place || (stop.step ? t(eventLabelKey(stop.step)) : '—');

/**
 * The route as a schematic (no map: the portal works without the internet): sender, each place
 * the tracking names, receiver, with times and the goods' current position; drawn for the eye
 * (hidden from screen readers) with a list of the same facts under it for them.
 */
function RouteSchematic({ route, now }: { route: Route; now: Date }) {
  const t = useT();
  const sep = t('orderView.route.separator');
  return (
    <div className="order-route">
      {route.cancelled && <p className="order-view__muted">{t('orderView.route.cancelled')}</p>}
      <ol className="order-route__line" aria-hidden="true">
        {route.stops.map((stop, i) => (
          <li
            key={stop.key}
            className="order-route__stop"
            data-state={stop.state}
            data-role={stop.role}
            // the road to the next stop: travelled once the goods got there
            data-next={
              i === route.stops.length - 1
                ? undefined
                : route.stops[i + 1]!.state === 'ahead'
                  ? 'ahead'
                  : 'travelled'
            }
          >
            <span className="order-route__dot" />
            <span className="order-route__text">
              <span className="order-route__role">
                {t(ROLE[stop.role])}
                {stop.state === 'current' && (
                  <span className="order-route__here">{t('orderView.route.here')}</span>
                )}
              </span>
              <strong className="order-route__place">{placeOf(stop, t)}</strong>
              {stopFacts(stop, route, t).map((fact) => (
                <span key={fact} className="order-route__fact">
                  {fact}
                </span>
              ))}
              {route.risk && riskAt(stop, route.risk) && <RiskMark risk={route.risk} now={now} />}
            </span>
          </li>
        ))}
      </ol>
      <ol className="order-view__sr" aria-label={t('orderView.route.label')}>
        {route.stops.map((stop) => {
          const facts = stopFacts(stop, route, t);
          if (stop.state === 'current') facts.push(t('orderView.route.here'));
          if (route.risk && riskAt(stop, route.risk)) facts.push(riskWords(route.risk, now, t));
          return (
            <li key={stop.key}>
              {t('orderView.route.stopLine', {
                role: t(ROLE[stop.role]),
                facts: [placeOf(stop, t), ...facts].join(sep),
              })}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The vehicle's track points (coordinates), newest first, folded away under the route. */
function TrackPoints({ points }: { points: Track['points'] }) {
  const t = useT();
  if (points.length === 0) return <p className="order-view__muted">{t('orderView.track.empty')}</p>;
  const last = points[points.length - 1]!;
  return (
    <details className="order-route__points">
      <summary>{t('orderView.track.pointsCount', { count: points.length })}</summary>
      <p className="order-view__last-position">
        {t('orderView.track.last', { lat: coord(last.lat), lng: coord(last.lng), at: formatStamp(last.at) })}
      </p>
      <section
        className="order-view__table-wrap order-view__table-wrap--scroll"
        aria-label={t('orderView.track.points')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the points scroll (360 px high): reachable by keyboard to scroll them
        tabIndex={0}
      >
        <table className="order-view__table">
          <caption className="order-view__sr">{t('orderView.track.points')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orderView.track.time')}</th>
              <th scope="col">{t('orderView.track.position')}</th>
            </tr>
          </thead>
          <tbody>
            {[...points].reverse().map((p) => (
              <tr key={`${p.at}-${p.lat}-${p.lng}`}>
                <td>{formatStamp(p.at)}</td>
                <td>
                  {coord(p.lat)}, {coord(p.lng)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

/**
 * The track: the route from the order's tracking events (at once), then the track points (loaded
 * with the section; the newest is news for the at-risk mark).
 */
export function TrackSection({ order }: { order: OrderDetail }) {
  const orderId = order.id;
  const load = useCallback(() => loadTrack(orderId), [orderId]);
  const { section, retry } = useSection(load);
  const now = new Date();
  const points = section.state === 'ready' ? section.data.points : [];
  const route = routeOf(order, points.at(-1)?.at ?? null, now);
  return (
    <div>
      <RouteSchematic route={route} now={now} />
      <SectionState section={section} retry={retry}>
        {({ points: loaded }) => <TrackPoints points={loaded} />}
      </SectionState>
    </div>
  );
}
