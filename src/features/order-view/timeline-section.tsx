import { lazy, Suspense } from 'react';
import type { OrderEvent } from '../../contract/orders/schemas.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { useT } from '../../ui/use-t.ts';
import { formatStamp } from './format.ts';
import '../../i18n/areas/order-view.ts';

const KNOWN = new Set([
  'created',
  'submitted',
  'approved',
  'rejected',
  'cancelled',
  'merged',
  'merged_into',
  'confirmed',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'signed',
  'reading_excursion',
  'remark',
  'edited',
  'modify_requested',
  'printed',
  'emailed',
  // a carrier's or supplier's answer from a signed link (server/areas/supplier)
  'pickup_confirmed',
  'pickup_proposed',
  'pickup_declined',
  'delivery_confirmed',
  'delivery_proposed',
  'delivery_declined',
]);

/** What an edit or a request changed: its code and strings load with the first event that has changes. */
const ChangeLines = lazy(() => import('./change-lines.tsx'));

/** An event kind's label (`attachment_*`, `modify_*` and new kinds read "Order updated"). */
export const eventLabelKey = (kind: string): MessageKey =>
  (KNOWN.has(kind) ? `orderView.event.${kind}` : 'orderView.event.other') as MessageKey;

/** The order's events, newest first: time, what, who, where and why. */
export function TimelineSection({ events }: { events: readonly OrderEvent[] }) {
  const t = useT();
  if (events.length === 0) return <p className="order-view__muted">{t('orderView.timeline.empty')}</p>;
  const newest = [...events].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <ol className="order-view__timeline">
      {newest.map((event) => (
        <li key={event.id} className="order-view__event">
          <time dateTime={event.at} className="order-view__event-time">
            {formatStamp(event.at)}
          </time>
          <div className="order-view__event-body">
            <strong>{t(eventLabelKey(event.kind))}</strong>
            <span className="order-view__muted">
              {' · '}
              {t(`orderView.timeline.actor.${event.actor_kind}`)}
              {event.actor_name ? ` ${event.actor_name}` : ''}
              {event.location ? ` · ${event.location}` : ''}
            </span>
            {event.proposed_at && (
              <div>{t('orderView.timeline.proposed', { time: formatStamp(event.proposed_at) })}</div>
            )}
            {event.reason && <div>{t('orderView.timeline.reason', { reason: event.reason })}</div>}
            {event.changes && event.changes.length > 0 && (
              <Suspense fallback={null}>
                <ChangeLines changes={event.changes} />
              </Suspense>
            )}
            {event.signature && (
              <div className="order-view__signature">
                {t('orderView.sign.line', {
                  name: event.signature.name,
                  meaning: t(`orderView.sign.meaning.${event.signature.meaning}`),
                  at: formatStamp(event.signature.signed_at),
                })}
                {!event.signature.current && (
                  <span className="order-view__signature-earlier"> · {t('orderView.sign.earlier')}</span>
                )}
              </div>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
