import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ChartHandle } from '../lib/chart-marks.ts';
import { sheet } from './css.ts';

/** A chart's module, loaded on first draw (uPlot in a chunk of its own): its stylesheet and its drawing. */
export interface ChartModule<T> {
  chartCss: string;
  draw(target: HTMLElement, data: T, width: number): ChartHandle;
}

/** uPlot's stylesheet, adopted once per shadow root (outside one, the page's own styles apply). */
function adoptChartCss(target: HTMLElement, css: string): void {
  const root = target.getRootNode();
  if (!(root instanceof ShadowRoot) || root.adoptedStyleSheets.some((s) => (s as { lpChart?: true }).lpChart))
    return;
  root.adoptedStyleSheets = [
    ...root.adoptedStyleSheets,
    Object.assign(sheet(css), { lpChart: true as const }),
  ];
}

export type ChartState = 'loading' | 'ready' | 'failed';

/**
 * A chart drawn into the box it returns: `load` brings the chart's module (first call only: the
 * import is cached), the chart is drawn at the box's width (at least `minWidth`), redrawn when the
 * box resizes, and destroyed when `data` changes or the component goes. With `data` null nothing
 * is loaded yet (a chart that waits to be seen). `load` should be a module-level function.
 */
export function useChartBox<T>(
  data: T | null,
  load: () => Promise<ChartModule<T>>,
  minWidth: number,
): { box: RefObject<HTMLDivElement | null>; state: ChartState } {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ChartState>('loading');

  useEffect(() => {
    const target = box.current;
    if (!target || data === null) return;
    let live = true;
    let handle: ChartHandle | null = null;
    let observer: ResizeObserver | null = null;
    load().then(
      (chart) => {
        if (!live) return;
        adoptChartCss(target, chart.chartCss);
        handle = chart.draw(target, data, Math.max(minWidth, target.clientWidth));
        observer = new ResizeObserver(() => handle?.resize(Math.max(minWidth, target.clientWidth)));
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
  }, [data, load, minWidth]);

  return { box, state };
}
