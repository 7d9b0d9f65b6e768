import { useCallback } from 'react';
import { useT } from '../../ui/use-t.ts';
import { formatStamp } from './format.ts';
import { loadTrack } from './order-api.ts';
import { SectionState } from './section-state.tsx';
import { useSection } from './use-section.ts';
import '../../i18n/areas/order-view.ts';

const coord = (value: number) => value.toFixed(5);

/** The route's points, newest first, with the last known position on top (no map). */
export function TrackSection({ orderId }: { orderId: number }) {
  const t = useT();
  const load = useCallback(() => loadTrack(orderId), [orderId]);
  const { section, retry } = useSection(load);
  return (
    <SectionState section={section} retry={retry}>
      {({ points }) => {
        if (points.length === 0) return <p className="order-view__muted">{t('orderView.track.empty')}</p>;
        const last = points[points.length - 1]!;
        return (
          <div>
            <p className="order-view__last-position">
              {t('orderView.track.last', {
                lat: coord(last.lat),
                lng: coord(last.lng),
                at: formatStamp(last.at),
              })}
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
          </div>
        );
      }}
    </SectionState>
  );
}
