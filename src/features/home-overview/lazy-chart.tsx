import { useEffect, useRef, useState } from 'react';
import { sheet } from '../../ui/css.ts';
import type { ChartHandle } from './charts.ts';

type Charts = typeof import('./charts.ts');

/** One import of the charts' chunk for every chart of the page. */
let charts: Promise<Charts> | null = null;
const loadCharts = (): Promise<Charts> => {
  charts ??= import('./charts.ts');
  return charts;
};

/** uPlot's stylesheet, adopted once per shadow root. */
function adoptChartCss(target: HTMLElement, css: string): void {
  const root = target.getRootNode();
  if (!(root instanceof ShadowRoot) || root.adoptedStyleSheets.some((s) => (s as { lpChart?: true }).lpChart))
    return;
  root.adoptedStyleSheets = [
    ...root.adoptedStyleSheets,
    Object.assign(sheet(css), { lpChart: true as const }),
  ];
}

export interface LazyChartProps {
  /** Draws into the box once the chart's code is loaded (the width is the box's). */
  draw: (charts: Charts, target: HTMLElement, width: number) => ChartHandle;
  className: string;
  /** The box keeps this height from the start, so nothing moves when the chart arrives. */
  height: number;
}

/**
 * A chart drawn only when its box comes into view: the charts' chunk (uPlot) is not loaded
 * before. The box is decoration (`aria-hidden`): the numbers are in text or a table beside it.
 */
export function LazyChart({ draw, className, height }: LazyChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const target = box.current;
    if (!target || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        setSeen(true);
      }
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [seen]);

  useEffect(() => {
    const target = box.current;
    if (!target || !seen) return;
    let live = true;
    let handle: ChartHandle | null = null;
    let observer: ResizeObserver | null = null;
    void loadCharts().then(
      (loaded) => {
        if (!live) return;
        adoptChartCss(target, loaded.chartCss);
        handle = draw(loaded, target, Math.max(60, target.clientWidth));
        observer = new ResizeObserver(() => handle?.resize(Math.max(60, target.clientWidth)));
        observer.observe(target);
        target.dataset.drawn = '';
      },
      () => undefined,
    );
    return () => {
      live = false;
      observer?.disconnect();
      handle?.destroy();
      delete target.dataset.drawn;
    };
  }, [seen, draw]);

  return <div ref={box} className={className} style={{ height }} aria-hidden="true" />;
}
