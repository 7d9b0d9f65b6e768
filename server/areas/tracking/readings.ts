import type { Row } from '../../db/schema.ts';
import { READINGS_MAX, type TrackedTemperature } from '../../../src/contract/tracking/schemas.ts';
import type { DB } from '../../db/database.ts';
import { temperatureOf } from '../orders/temperature.ts';

/** At most `max` items of `list`, evenly spaced, the first and the last kept. */
export function thinEvenly<T>(list: readonly T[], max: number): T[] {
  if (list.length <= max) return [...list];
  if (max <= 1) return list.slice(0, max);
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(list[Math.round((i * (list.length - 1)) / (max - 1))] as T);
  return out;
}

/**
 * `tracking/temperature`: the orders area's readings, limits and excursions (found in every
 * reading), with the readings thinned to `READINGS_MAX` and without the loggers' ids.
 */
export async function trackedTemperature(db: DB, order: Row<'orders'>): Promise<TrackedTemperature> {
  const t = await temperatureOf(db, order);
  return {
    temp_class: t.temp_class,
    min: t.min,
    max: t.max,
    excursion: t.excursion,
    readings: thinEvenly(t.readings, READINGS_MAX).map((r) => ({ at: r.at, celsius: r.celsius })),
    excursions: t.excursions,
  };
}
