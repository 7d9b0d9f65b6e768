import type uPlot from 'uplot';

/**
 * What the portal's uPlot charts share (the order view's temperature chart, the home overview's
 * sparklines): their handle, their time values, the value range that keeps a class's limits in
 * view, and the dashed limit lines drawn over the plot.
 */

/** A drawn chart: resized with its box, destroyed with its element. */
export interface ChartHandle {
  resize(width: number): void;
  destroy(): void;
}

/** An ISO time as uPlot's x value (seconds). */
export const isoSeconds = (iso: string) => Math.round(new Date(iso).getTime() / 1000);

/**
 * The y range of `values` that also shows `limits`, with a margin of a tenth of the span (at least
 * `minPad`): readings far inside the limits still show where the limits are.
 */
export function rangeWithLimits(
  values: readonly number[],
  limits: readonly number[],
  minPad: number,
): [number, number] {
  const all = values.concat(limits);
  const low = Math.min(...all);
  const high = Math.max(...all);
  const pad = Math.max(minPad, (high - low) * 0.1);
  return [low - pad, high + pad];
}

/** Dashed horizontal lines at `limits` across the plot (call between `ctx.save()` and `restore()`). */
export function strokeLimits(
  u: uPlot,
  limits: readonly number[],
  style: { color: string; width: number; dash: readonly [number, number] },
): void {
  const { ctx } = u;
  const { left, width } = u.bbox;
  ctx.strokeStyle = style.color;
  ctx.lineWidth = style.width * devicePixelRatio;
  ctx.setLineDash(style.dash.map((d) => d * devicePixelRatio));
  for (const limit of limits) {
    const y = Math.round(u.valToPos(limit, 'y', true));
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(left + width, y);
    ctx.stroke();
  }
}
