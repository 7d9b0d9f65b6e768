import { MKT_DELTA_H_OVER_R, type StabilityBand } from '../../../src/contract/excursions/domain.ts';
import type { ExcursionLevel } from '../../../src/contract/orders/domain.ts';
import { deviationOf, type Limits, levelOf } from '../orders/excursion.ts';

/**
 * What a logger's readings say about a shipment (docs/decisions/excursions.md, "Time out of
 * range"). Each reading stands for the time until the logger's next reading (sample and hold:
 * what a logger reports is what it measured until it measured again), so the last reading
 * stands for no time. Readings may come in any order; their times decide. A reading of `c` °C
 * is out of range when it lies beyond the order's limits, and in a band `(min, max]` of a
 * stability budget when `min < c ≤ max` (an open bound is no bound).
 */

export interface Reading {
  at: Date;
  celsius: number;
}

/** A stretch of out-of-range readings: from the first to the next reading back in range (or the last). */
export interface Episode {
  from: Date;
  to: Date;
  /** Whole minutes, rounded. */
  minutes: number;
  min: number;
  max: number;
  /** The reading furthest outside the range, and how far (°C). */
  peak: number;
  deviation: number;
  level: Exclude<ExcursionLevel, 'none'>;
}

/** The readings in time order (a copy; equal times keep their order). */
export const inTimeOrder = (readings: readonly Reading[]) =>
  [...readings].sort((a, b) => a.at.getTime() - b.at.getTime());

/** Each reading with the milliseconds it stands for (the last: none). */
function held(sorted: readonly Reading[]): Array<{ celsius: number; ms: number }> {
  return sorted.map((r, i) => ({
    celsius: r.celsius,
    ms: i + 1 < sorted.length ? (sorted[i + 1] as Reading).at.getTime() - r.at.getTime() : 0,
  }));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The out-of-range episodes of one logger's readings, oldest first. */
export function episodesOf(readings: readonly Reading[], limits: Limits): Episode[] {
  const out: Episode[] = [];
  let open: Omit<Episode, 'to' | 'minutes' | 'level'> | null = null;
  const close = (to: Date) => {
    if (!open) return;
    const minutes = Math.round((to.getTime() - open.from.getTime()) / 60_000);
    out.push({
      ...open,
      to,
      minutes,
      deviation: round2(open.deviation),
      level: levelOf(minutes, open.deviation),
    });
    open = null;
  };
  let last: Date | null = null;
  for (const r of inTimeOrder(readings)) {
    const deviation = deviationOf(r.celsius, limits);
    if (deviation > 0) {
      if (!open) open = { from: r.at, min: r.celsius, max: r.celsius, peak: r.celsius, deviation };
      else {
        open.min = Math.min(open.min, r.celsius);
        open.max = Math.max(open.max, r.celsius);
        if (deviation > open.deviation) {
          open.peak = r.celsius;
          open.deviation = deviation;
        }
      }
    } else close(r.at);
    last = r.at;
  }
  if (last) close(last);
  return out;
}

/** Minutes (not rounded) the readings spent out of range. */
export function minutesOutside(readings: readonly Reading[], limits: Limits): number {
  let ms = 0;
  for (const r of held(inTimeOrder(readings))) if (deviationOf(r.celsius, limits) > 0) ms += r.ms;
  return ms / 60_000;
}

/** Whether `celsius` lies in the band `(min, max]`. */
export const inBand = (celsius: number, band: Pick<StabilityBand, 'min' | 'max'>) =>
  (band.min === null || celsius > band.min) && (band.max === null || celsius <= band.max);

/**
 * Minutes (not rounded) out of range spent in each band, and outside every band (time the
 * budget does not allow at all).
 */
export function bandMinutes(
  readings: readonly Reading[],
  limits: Limits,
  bands: readonly Pick<StabilityBand, 'min' | 'max'>[],
): { bands: number[]; unbudgeted: number } {
  const ms = bands.map(() => 0);
  let unbudgeted = 0;
  for (const r of held(inTimeOrder(readings))) {
    if (r.ms === 0 || deviationOf(r.celsius, limits) === 0) continue;
    const i = bands.findIndex((band) => inBand(r.celsius, band));
    if (i < 0) unbudgeted += r.ms;
    else ms[i] = (ms[i] as number) + r.ms;
  }
  return { bands: ms.map((m) => m / 60_000), unbudgeted: unbudgeted / 60_000 };
}

/**
 * The mean kinetic temperature (°C) of the readings, each weighted by the time it stands for
 * (all alike when they stand for no time: a single reading): USP <1160>, ΔH = 83.144 kJ/mol.
 * Computed relative to the warmest term, so no exponential underflows. Null without readings.
 */
export function meanKineticTemperature(readings: readonly Reading[]): number | null {
  if (readings.length === 0) return null;
  const items = held(inTimeOrder(readings));
  const total = items.reduce((sum, r) => sum + r.ms, 0);
  const weighted = total > 0 ? items : items.map((r) => ({ ...r, ms: 1 }));
  const exponents = weighted.map((r) => -MKT_DELTA_H_OVER_R / (r.celsius + 273.15));
  const top = Math.max(...exponents);
  const weights = weighted.reduce((sum, r) => sum + r.ms, 0);
  let sum = 0;
  weighted.forEach((r, i) => {
    sum += r.ms * Math.exp((exponents[i] as number) - top);
  });
  const kelvin = MKT_DELTA_H_OVER_R / -(top + Math.log(sum / weights));
  return kelvin - 273.15;
}

/**
 * Minutes (not rounded) out of range per temperature (°C as text): enough to weigh the readings
 * against any bands later without them (`bandMinutesOf`), and what a case keeps of them.
 */
export function outOfRangeMinutes(readings: readonly Reading[], limits: Limits): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of held(inTimeOrder(readings))) {
    if (r.ms === 0 || deviationOf(r.celsius, limits) === 0) continue;
    const key = String(r.celsius);
    out[key] = (out[key] ?? 0) + r.ms / 60_000;
  }
  return out;
}

/** `bandMinutes` from the minutes per temperature (`outOfRangeMinutes`) instead of the readings. */
export function bandMinutesOf(
  minutes: Readonly<Record<string, number>>,
  bands: readonly Pick<StabilityBand, 'min' | 'max'>[],
): { bands: number[]; unbudgeted: number } {
  const out = bands.map(() => 0);
  let unbudgeted = 0;
  for (const [celsius, m] of Object.entries(minutes)) {
    const i = bands.findIndex((band) => inBand(Number(celsius), band));
    if (i < 0) unbudgeted += m;
    else out[i] = (out[i] as number) + m;
  }
  return { bands: out, unbudgeted };
}
