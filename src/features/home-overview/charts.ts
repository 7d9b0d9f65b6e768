import uPlot from 'uplot';
import type { OrderStatus } from '../../contract/orders/domain.ts';
import { type ChartHandle, isoSeconds, rangeWithLimits, strokeLimits } from '../../lib/chart-marks.ts';

/**
 * The overview's charts, drawn by uPlot in a chunk of their own: the overview imports this module
 * only once a chart's block is in view. The canvases are decoration for sighted users; the page
 * states the same numbers in text and in a table.
 */

/** uPlot's own rules this module's charts need, for the shadow root. */
export const chartCss = `.uplot,.uplot *,.uplot *::before,.uplot *::after{box-sizing:border-box}.uplot{font-family:inherit;line-height:1.5;width:min-content}.u-wrap{position:relative;user-select:none}.u-over,.u-under{position:absolute}.u-under{overflow:hidden}.uplot canvas{display:block;position:relative;width:100%;height:100%}.u-axis{position:absolute}.u-legend{display:none}`;

export type { ChartHandle };
const LINE = '#0b7285';
const LIMIT = '#c92a2a';

/** A small line of readings against the class's limits (dashed): no axes, no cursor. */
export function drawSparkline(
  target: HTMLElement,
  readings: ReadonlyArray<{ at: string; celsius: number }>,
  limits: { min: number | null; max: number | null },
  width: number,
  height = 44,
): ChartHandle {
  const bounds = [limits.min, limits.max].filter((v): v is number => v !== null);
  const range = rangeWithLimits(
    readings.map((r) => r.celsius),
    bounds,
    0.5,
  );
  const drawLimits = (u: uPlot) => {
    u.ctx.save();
    strokeLimits(u, bounds, { color: LIMIT, width: 1, dash: [4, 3] });
    u.ctx.restore();
  };
  const chart = new uPlot(
    {
      width,
      height,
      padding: [4, 2, 4, 2],
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: { x: { time: true }, y: { range } },
      axes: [{ show: false }, { show: false }],
      series: [{}, { stroke: LINE, width: 1.5, spanGaps: true, points: { show: false } }],
      hooks: { draw: [drawLimits] },
    },
    [readings.map((r) => isoSeconds(r.at)), readings.map((r) => r.celsius)],
    target,
  );
  return { resize: (next) => chart.setSize({ width: next, height }), destroy: () => chart.destroy() };
}

/** The status colours of the weekly chart (the table beside it names them). */
export const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending_approval: '#f08c00',
  pending_confirm: '#1971c2',
  not_finished: '#0b7285',
  finished: '#2b8a3e',
  cancelled: '#868e96',
};

/** Orders per week, stacked by status (bars; the weeks' Mondays under them). */
export function drawWeekly(
  target: HTMLElement,
  weeks: ReadonlyArray<{ week: string; counts: Record<OrderStatus, number> }>,
  statuses: readonly OrderStatus[],
  width: number,
  height = 200,
): ChartHandle {
  const xs = weeks.map((_, i) => i);
  // each series is the sum of its status and those before it; the tallest is drawn first, so
  // every shorter one covers its lower part: a stack
  const sums = statuses.map((_, s) =>
    weeks.map((w) => statuses.slice(0, s + 1).reduce((n, status) => n + w.counts[status], 0)),
  );
  const top = Math.max(1, ...(sums.at(-1) ?? [0]));
  const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
  const order = statuses.map((status, s) => ({ status, values: sums[s] ?? [] })).reverse();
  const chart = new uPlot(
    {
      width,
      height,
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: { x: { time: false, range: [-0.5, weeks.length - 0.5] }, y: { range: [0, top * 1.1] } },
      axes: [
        {
          stroke: '#495057',
          space: 30,
          splits: () => xs,
          // as many week labels as fit (every other one on a phone), the current week's always
          values: (u, ticks) => {
            const every = Math.max(1, Math.ceil((ticks.length * 44) / Math.max(44, u.width - 40)));
            return ticks.map((i, n) =>
              (ticks.length - 1 - n) % every === 0 ? (weeks[i]?.week.slice(5) ?? '') : '',
            );
          },
        },
        {
          stroke: '#495057',
          size: 36,
          values: (_u, ticks) => ticks.map((v) => (Number.isInteger(v) ? String(v) : '')),
        },
      ],
      series: [
        {},
        ...order.map(({ status }) => ({
          stroke: STATUS_COLOURS[status],
          fill: STATUS_COLOURS[status],
          width: 0,
          points: { show: false },
          ...(bars ? { paths: bars } : {}),
        })),
      ],
    },
    [xs, ...order.map((o) => o.values)],
    target,
  );
  return { resize: (next) => chart.setSize({ width: next, height }), destroy: () => chart.destroy() };
}
