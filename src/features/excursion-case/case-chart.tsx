import type { CaseView } from '../../contract/excursions/schemas.ts';
import { type ChartModule, useChartBox } from '../../ui/chart-box.ts';
import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/excursion-case.ts';

type ChartView = Pick<CaseView, 'readings' | 'episodes' | 'limits'>;

const loadChart = (): Promise<ChartModule<ChartView>> =>
  import('./case-chart-draw.ts').then(({ drawCaseChart, chartCss }) => ({ chartCss, draw: drawCaseChart }));

/**
 * The logger's readings against the order's range (a green band between dashed limits), each
 * episode out of it a red band numbered as the page lists them (case-chart-draw.ts, uPlot as the
 * order view draws its chart, in a chunk of its own). The canvas is decoration; the page says the
 * same in words beside it.
 */
export function CaseChart({ view }: { view: ChartView }) {
  const t = useT();
  const { box, state } = useChartBox(view, loadChart, 280);

  return (
    <figure className="exc-chart" aria-label={t('excursionCase.chart')}>
      {state === 'loading' && <p className="exc-muted">{t('excursionCase.chartLoading')}</p>}
      {state === 'failed' && <p className="exc-error">{t('common.error')}</p>}
      <div ref={box} className="exc-chart__box" aria-hidden="true" data-state={state} />
      <figcaption className="exc-muted">{t('excursionCase.chart')}</figcaption>
    </figure>
  );
}
