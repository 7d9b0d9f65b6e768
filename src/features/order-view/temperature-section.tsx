import { useCallback } from 'react';
import type { Temperature } from '../../contract/orders/schemas.ts';
import { type ChartModule, useChartBox } from '../../ui/chart-box.ts';
import { useT } from '../../ui/use-t.ts';
import { formatNumber, formatStamp } from './format.ts';
import { loadTemperature } from './order-api.ts';
import { SectionState } from './section-state.tsx';
import { useSection } from './use-section.ts';
import '../../i18n/areas/order-view.ts';

const range = (min: number | null, max: number | null) =>
  min !== null && max !== null ? `${min} – ${max} °C` : max !== null ? `≤ ${max} °C` : `≥ ${min} °C`;

const loadChart = (): Promise<ChartModule<Temperature>> =>
  import('./temperature-chart.ts').then(({ drawTemperatureChart, chartCss }) => ({
    chartCss,
    draw: drawTemperatureChart,
  }));

/** The chart, from its own chunk (src/ui/chart-box.ts). */
function Chart({ temperature }: { temperature: Temperature }) {
  const t = useT();
  const { box, state } = useChartBox(temperature, loadChart, 280);

  return (
    <figure className="order-view__chart" aria-label={t('orderView.temp.chart')}>
      {state === 'loading' && <p className="order-view__muted">{t('orderView.temp.loading')}</p>}
      {state === 'failed' && <p className="order-view__error">{t('common.error')}</p>}
      <div ref={box} className="order-view__chart-box" aria-hidden="true" />
      <figcaption className="order-view__muted">{t('orderView.temp.chart')}</figcaption>
    </figure>
  );
}

/** Readings with the class's limits, the excursions in a chart and in words. */
export function TemperatureSection({ orderId }: { orderId: number }) {
  const t = useT();
  const load = useCallback(() => loadTemperature(orderId), [orderId]);
  const { section, retry } = useSection(load);
  return (
    <SectionState section={section} retry={retry}>
      {(temperature) => {
        const values = temperature.readings.map((r) => r.celsius);
        return (
          <div className="order-view__temperature">
            <p>
              <span className={`order-view__badge order-view__badge--excursion-${temperature.excursion}`}>
                {t(`orderView.excursion.${temperature.excursion}`)}
              </span>{' '}
              {t('orderView.temp.limits', { range: range(temperature.min, temperature.max) })}
              {values.length > 0 && (
                <>
                  {' · '}
                  {t('orderView.temp.readings', {
                    count: values.length,
                    min: formatNumber(Math.min(...values)),
                    max: formatNumber(Math.max(...values)),
                  })}
                </>
              )}
            </p>
            {values.length === 0 ? (
              <p className="order-view__muted">{t('orderView.temp.empty')}</p>
            ) : (
              <Chart temperature={temperature} />
            )}
            <h2 className="order-view__subtitle">{t('orderView.temp.excursions')}</h2>
            {temperature.excursions.length === 0 ? (
              <p className="order-view__muted">{t('orderView.temp.noExcursion')}</p>
            ) : (
              <ul className="order-view__plain-list order-view__excursions">
                {temperature.excursions.map((e) => (
                  <li key={e.from}>
                    {t('orderView.temp.excursionItem', {
                      from: formatStamp(e.from),
                      to: formatStamp(e.to),
                      minutes: e.minutes,
                      peak: formatNumber(e.peak),
                      level: t(`orderView.excursion.${e.level}`),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      }}
    </SectionState>
  );
}
