import { useEffect, useRef, useState } from 'react';
import type { CaseView } from '../../contract/excursions/schemas.ts';
import { sheet } from '../../ui/css.ts';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/excursion-case.ts';

/**
 * The logger's readings against the order's limits (dashed lines), each episode out of range a
 * red band: the order view's uPlot chart (src/features/order-view/temperature-chart.ts), from the
 * chunk it has there. The canvas is decoration; the page says the same in words beside it.
 */
export function CaseChart({ view }: { view: Pick<CaseView, 'readings' | 'episodes' | 'limits'> }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let live = true;
    let handle: { resize(width: number): void; destroy(): void } | null = null;
    let observer: ResizeObserver | null = null;
    import('../order-view/temperature-chart.ts').then(
      ({ drawTemperatureChart, chartCss }) => {
        if (!live) return;
        const root = target.getRootNode();
        if (
          root instanceof ShadowRoot &&
          !root.adoptedStyleSheets.some((s) => (s as { lpChart?: true }).lpChart)
        ) {
          const chartSheet = Object.assign(sheet(chartCss), { lpChart: true as const });
          root.adoptedStyleSheets = [...root.adoptedStyleSheets, chartSheet];
        }
        const temperature = {
          min: view.limits.min,
          max: view.limits.max,
          readings: view.readings,
          excursions: view.episodes.map((e) => ({
            from: e.from,
            to: e.to,
            peak: e.max,
            minutes: e.minutes,
            level: e.level,
          })),
        };
        handle = drawTemperatureChart(target, temperature, Math.max(280, target.clientWidth));
        observer = new ResizeObserver(() => handle?.resize(Math.max(280, target.clientWidth)));
        observer.observe(target);
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      observer?.disconnect();
      handle?.destroy();
    };
  }, [view]);

  return (
    <figure className="exc-chart" aria-label={t('excursionCase.chart')}>
      {state === 'loading' && <p className="exc-muted">{t('excursionCase.chartLoading')}</p>}
      {state === 'failed' && <p className="exc-error">{t('common.error')}</p>}
      <div ref={box} className="exc-chart__box" aria-hidden="true" data-state={state} />
      <figcaption className="exc-muted">{t('excursionCase.chart')}</figcaption>
    </figure>
  );
}
