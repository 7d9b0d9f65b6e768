import { html, type TemplateResult } from 'lit';
import { temperature } from '../../src/contract/tracking/operations.ts';
import type { TrackedTemperature } from '../../src/contract/tracking/schemas.ts';
import {
  type ChartHandle,
  chartCss,
  drawTemperatureChart,
} from '../../src/features/order-view/temperature-chart.ts';
import type { Locale } from '../../src/i18n/locale.ts';
import { en, zh } from '../../src/i18n/messages/tracking-chart.ts';
import { translatorOf } from './strings.ts';
import { formatTime } from './time-zones.ts';
import { trackingCall } from './tracking-client.ts';

/**
 * The temperature part of `<lp-order-status>`, in a chunk of its own (uPlot, ~20 KB brotli):
 * loaded by the "Show temperature" button only. The chart is the order view's (uPlot, the
 * class's limits as dashed lines, excursions as red bands), drawn in the chosen time zone; the
 * same facts are stated in text, with every reading in a table, for screen readers.
 */

export type { ChartHandle };

/** The readings of a view token (`tracking/temperature`). */
export const loadTemperature = (view: string, signal?: AbortSignal): Promise<TrackedTemperature> =>
  trackingCall(temperature, { view }, signal);

/** The section's rules (px only, as the element's) and uPlot's, adopted by the element's root. */
const panelCss = `
  .chart-box {
    width: 100%;
    min-height: 0;
    overflow: hidden;
  }
  .excursions {
    padding-left: 18px;
  }
  details.readings summary {
    cursor: pointer;
    color: var(--lp-color-primary-strong, #00747e);
  }
  table {
    border-collapse: collapse;
    margin-top: 8px;
    font-size: 13px;
    line-height: 18px;
  }
  th,
  td {
    padding: 4px 12px 4px 0;
    border-bottom: 1px solid var(--lp-color-border, #d5dbe1);
    text-align: start;
  }
`;

let sheet: CSSStyleSheet | null = null;

/** Adopts the section's stylesheet into the element's shadow root (once). */
export function adoptStyles(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(chartCss + panelCss);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** Draws the chart into `target`, as wide as it is. */
export const drawChart = (target: HTMLElement, data: TrackedTemperature, zone: string): ChartHandle =>
  drawTemperatureChart(target, data, Math.max(260, target.clientWidth), zone);

const decimal = (n: number) => String(Math.round(n * 10) / 10);

const range = (min: number | null, max: number | null) =>
  min !== null && max !== null ? `${min} – ${max} °C` : max !== null ? `≤ ${max} °C` : `≥ ${min} °C`;

/**
 * The chart's box (drawn into by `drawChart` once rendered) and the readings in words: count,
 * lowest and highest, the allowed range, each excursion (`level` names its level); and a table.
 */
export function temperatureView(
  data: TrackedTemperature,
  level: (level: TrackedTemperature['excursion']) => string,
  locale: Locale,
  zone: string,
): TemplateResult {
  const t = translatorOf(locale === 'en' ? en : zh);
  const values = data.readings.map((r) => r.celsius);
  if (values.length === 0) return html`<p class="muted">${t('trackingChart.tempEmpty')}</p>`;
  const when = (iso: string) => formatTime(iso, zone);
  return html`
    <figure class="figure">
      <div class="chart-box" aria-hidden="true"></div>
      <figcaption class="hint">${t('trackingChart.tempChart')}</figcaption>
    </figure>
    <p class="temp-summary">
      ${t('trackingChart.tempSummary', {
        count: values.length,
        min: decimal(Math.min(...values)),
        max: decimal(Math.max(...values)),
        range: range(data.min, data.max),
      })}
    </p>
    ${
      data.excursions.length === 0
        ? html`<p class="muted">${t('trackingChart.tempNoExcursion')}</p>`
        : html`<ul class="excursions">
            ${data.excursions.map(
              (e) =>
                html`<li>
                  ${t('trackingChart.tempExcursion', {
                    from: when(e.from),
                    to: when(e.to),
                    minutes: e.minutes,
                    peak: decimal(e.peak),
                    level: level(e.level),
                  })}
                </li>`,
            )}
          </ul>`
    }
    <details class="readings">
      <summary>${t('trackingChart.tempTable')}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">${t('trackingChart.time')}</th>
            <th scope="col">${t('trackingChart.celsius')}</th>
          </tr>
        </thead>
        <tbody>
          ${data.readings.map((r) => html`<tr><td>${when(r.at)}</td><td>${decimal(r.celsius)}</td></tr>`)}
        </tbody>
      </table>
    </details>
  `;
}
