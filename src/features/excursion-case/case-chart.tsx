import { useEffect, useRef, useState } from 'react';
import type { CaseView } from '../../contract/excursions/schemas.ts';
import { sheet } from '../../ui/css.ts';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/excursion-case.ts';

/**
 * The logger's readings against the order's range (a green band between dashed limits), each
 * episode out of it a red band numbered as the page lists them (case-chart-draw.ts, uPlot as the
 * order view draws its chart, in a chunk of its own). The canvas is decoration; the page says the
 * same in words beside it.
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
    import('./case-chart-draw.ts').then(
      ({ drawCaseChart, chartCss }) => {
        if (!live) return;
        const root = target.getRootNode();
        if (
          root instanceof ShadowRoot &&
          !root.adoptedStyleSheets.some((s) => (s as { lpChart?: true }).lpChart)
        ) {
          const chartSheet = Object.assign(sheet(chartCss), { lpChart: true as const });
          root.adoptedStyleSheets = [...root.adoptedStyleSheets, chartSheet];
        }
        handle = drawCaseChart(target, view, Math.max(280, target.clientWidth));
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
