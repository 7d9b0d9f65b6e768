import uPlot from 'uplot';
import type { Temperature } from '../../contract/orders/schemas.ts';
import { type ChartHandle, isoSeconds, rangeWithLimits, strokeLimits } from '../../lib/chart-marks.ts';

/**
 * The temperature chart, drawn by uPlot (~20 KB brotli) in a chunk of its own: the order view
 * imports this module only when the temperature section is shown. One line per data logger,
 * the class's limits as dashed lines, the excursions as red bands. The canvas is decoration for
 * sighted users; the section states the same facts in text.
 */

/** uPlot's own stylesheet (dist/uPlot.min.css, the rules this chart uses), for the shadow root. */
export const chartCss = `.uplot,.uplot *,.uplot *::before,.uplot *::after{box-sizing:border-box}.uplot{font-family:inherit;line-height:1.5;width:min-content}.u-wrap{position:relative;user-select:none}.u-over,.u-under{position:absolute}.u-under{overflow:hidden}.uplot canvas{display:block;position:relative;width:100%;height:100%}.u-axis{position:absolute}.u-select{background:rgba(0,0,0,.07);position:absolute;pointer-events:none}.u-cursor-x,.u-cursor-y{position:absolute;left:0;top:0;pointer-events:none;will-change:transform}.u-hz .u-cursor-x,.u-vt .u-cursor-y{height:100%;border-right:1px dashed #607D8B}.u-hz .u-cursor-y,.u-vt .u-cursor-x{width:100%;border-bottom:1px dashed #607D8B}.u-cursor-pt{position:absolute;top:0;left:0;border-radius:50%;border:0 solid;pointer-events:none;will-change:transform;background-clip:padding-box!important}.u-axis.u-off,.u-select.u-off,.u-cursor-x.u-off,.u-cursor-y.u-off,.u-cursor-pt.u-off{display:none}`;

const COLOURS = ['#0b7285', '#5f3dc4', '#2b8a3e', '#d9480f'];
const EXCURSION_FILL = 'rgba(224, 49, 49, 0.16)';
const LIMIT_STROKE = '#c92a2a';

/**
 * What the chart draws: the order view's readings (one line per logger), or the tracking
 * element's thinned readings (no logger: one line).
 */
export type ChartTemperature = Pick<Temperature, 'min' | 'max' | 'excursions'> & {
  readings: ReadonlyArray<{ at: string; celsius: number; logger_id?: string }>;
};

/** The readings as uPlot's aligned columns: shared times, one column per logger (null where absent). */
export function alignReadings(readings: ChartTemperature['readings']): {
  loggers: string[];
  data: [number[], ...Array<Array<number | null>>];
} {
  const loggers = [...new Set(readings.map((r) => r.logger_id ?? ''))];
  const times = [...new Set(readings.map((r) => isoSeconds(r.at)))].sort((a, b) => a - b);
  const index = new Map(times.map((time, i) => [time, i]));
  const columns = loggers.map(() => times.map((): number | null => null));
  for (const r of readings)
    columns[loggers.indexOf(r.logger_id ?? '')]![index.get(isoSeconds(r.at))!] = r.celsius;
  return { loggers, data: [times, ...columns] };
}

export type { ChartHandle };

/** Draws into `target`; the time axis in `timeZone` (the order view states China time everywhere). */
/**
 * The time axis in 24-hour time with month-day dates, as every time in words beside the chart
 * (uPlot's default is 12-hour): per tick spacing, the label, then what the first tick of a new
 * year / day adds below it.
 */
const TIME_AXIS: (string | number | null)[][] = [
  [3600 * 24 * 365, '{YYYY}', null, null, null, null, null, null, 1],
  [3600 * 24 * 28, '{YYYY}-{MM}', null, null, null, null, null, null, 1],
  [3600 * 24, '{MM}-{DD}', '\n{YYYY}', null, null, null, null, null, 1],
  [3600, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null, 1],
  [60, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null, 1],
  [1, '{HH}:{mm}:{ss}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null, 1],
];

export function drawTemperatureChart(
  target: HTMLElement,
  temperature: ChartTemperature,
  width: number,
  timeZone = 'Asia/Shanghai',
): ChartHandle {
  const { loggers, data } = alignReadings(temperature.readings);
  const bands = temperature.excursions.map((e) => [isoSeconds(e.from), isoSeconds(e.to)] as const);
  const limits = [temperature.min, temperature.max].filter((v): v is number => v !== null);
  const range = rangeWithLimits(
    temperature.readings.map((r) => r.celsius),
    limits,
    1,
  );

  const drawMarks = (u: uPlot) => {
    const { ctx } = u;
    const { left, top, width: w, height: h } = u.bbox;
    ctx.save();
    ctx.fillStyle = EXCURSION_FILL;
    for (const [from, to] of bands) {
      const x0 = Math.max(left, u.valToPos(from, 'x', true));
      const x1 = Math.min(left + w, u.valToPos(to, 'x', true));
      ctx.fillRect(x0, top, Math.max(2, x1 - x0), h);
    }
    strokeLimits(u, limits, { color: LIMIT_STROKE, width: 1.5, dash: [6, 4] });
    ctx.restore();
  };

  const chart = new uPlot(
    {
      width,
      height: 260,
      legend: { show: loggers.length > 1 },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
      cursor: { points: { show: false } },
      scales: { x: { time: true }, y: { range } },
      axes: [
        { stroke: '#495057', values: TIME_AXIS },
        { stroke: '#495057', values: (_u, ticks) => ticks.map((v) => `${v}°`) },
      ],
      series: [
        {},
        ...loggers.map((logger, i) => ({
          label: logger,
          stroke: COLOURS[i % COLOURS.length]!,
          width: 1.5,
          spanGaps: true,
        })),
      ],
      hooks: { draw: [drawMarks] },
    },
    data as uPlot.AlignedData,
    target,
  );
  return {
    resize: (next) => chart.setSize({ width: next, height: 260 }),
    destroy: () => chart.destroy(),
  };
}
