import uPlot from 'uplot';
import { type ChartHandle, isoSeconds, rangeWithLimits, strokeLimits } from '../../lib/chart-marks.ts';
import { alignReadings } from '../order-view/temperature-chart.ts';

/**
 * A case's readings drawn by uPlot, as the order view draws an order's
 * (src/features/order-view/temperature-chart.ts: its readings' columns and stylesheet, the
 * portal's limit lines), with two marks of its own: the order's range as a green band, and each
 * episode out of it as a red band numbered as the page lists them. In its own chunk, with uPlot.
 */
export { chartCss } from '../order-view/temperature-chart.ts';

const LINE = '#0b7285';
const RANGE_FILL = 'rgba(47, 158, 68, 0.12)';
const EPISODE_FILL = 'rgba(224, 49, 49, 0.18)';
const EPISODE_TEXT = '#a61e1e';
const LIMIT_STROKE = '#c92a2a';
const HEIGHT = 260;

/** 24-hour time with month-day dates, as the order view's chart and every time beside it. */
const TIME_AXIS: (string | number | null)[][] = [
  [3600 * 24, '{MM}-{DD}', '\n{YYYY}', null, null, null, null, null, 1],
  [3600, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null, 1],
  [60, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null, 1],
];

export interface CaseChartData {
  readings: ReadonlyArray<{ at: string; celsius: number }>;
  episodes: ReadonlyArray<{ from: string; to: string }>;
  limits: { min: number | null; max: number | null };
}

export function drawCaseChart(
  target: HTMLElement,
  chart: CaseChartData,
  width: number,
  timeZone = 'Asia/Shanghai',
): ChartHandle {
  const { data } = alignReadings(chart.readings);
  const limits = [chart.limits.min, chart.limits.max].filter((v): v is number => v !== null);
  const range = rangeWithLimits(
    chart.readings.map((r) => r.celsius),
    limits,
    1,
  );
  const episodes = chart.episodes.map((e) => [isoSeconds(e.from), isoSeconds(e.to)] as const);

  const drawMarks = (u: uPlot) => {
    const { ctx } = u;
    const { left, top, width: w, height: h } = u.bbox;
    ctx.save();
    // the order's range: between its limits (an open side reaches the plot's edge)
    const y0 = chart.limits.max === null ? top : u.valToPos(chart.limits.max, 'y', true);
    const y1 = chart.limits.min === null ? top + h : u.valToPos(chart.limits.min, 'y', true);
    ctx.fillStyle = RANGE_FILL;
    ctx.fillRect(left, Math.max(top, y0), w, Math.min(top + h, y1) - Math.max(top, y0));
    ctx.font = `${12 * devicePixelRatio}px sans-serif`;
    ctx.textBaseline = 'top';
    for (const [i, [from, to]] of episodes.entries()) {
      const x0 = Math.max(left, u.valToPos(from, 'x', true));
      const x1 = Math.min(left + w, u.valToPos(to, 'x', true));
      ctx.fillStyle = EPISODE_FILL;
      ctx.fillRect(x0, top, Math.max(2, x1 - x0), h);
      ctx.fillStyle = EPISODE_TEXT;
      ctx.fillText(String(i + 1), x0 + 3 * devicePixelRatio, top + 3 * devicePixelRatio);
    }
    strokeLimits(u, limits, { color: LIMIT_STROKE, width: 1.5, dash: [6, 4] });
    ctx.restore();
  };

  const plot = new uPlot(
    {
      width,
      height: HEIGHT,
      legend: { show: false },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
      cursor: { points: { show: false } },
      scales: { x: { time: true }, y: { range } },
      axes: [
        { stroke: '#495057', values: TIME_AXIS },
        { stroke: '#495057', values: (_u, ticks) => ticks.map((v) => `${v}°`) },
      ],
      series: [{}, { stroke: LINE, width: 1.5, spanGaps: true }],
      hooks: { drawClear: [drawMarks] },
    },
    data as uPlot.AlignedData,
    target,
  );
  return {
    resize: (next) => plot.setSize({ width: next, height: HEIGHT }),
    destroy: () => plot.destroy(),
  };
}
