import { type ExcursionLevel, TEMP_LIMITS, type TempClass } from '../../../src/contract/orders/domain.ts';
import type { DB } from '../../db/database.ts';

/**
 * Temperature excursions: when an order's readings left its class's range, for how long and how
 * far. The rule (also in docs/api.md, "Orders"):
 *
 * - Each logger's readings are taken in time order. An excursion starts at a reading outside the
 *   range and ends at the next reading back inside it (the logger was outside at least that
 *   long), or at the logger's last reading when it never came back.
 * - Its `peak` is the reading furthest outside the range; its deviation is how many °C the peak
 *   lies beyond the bound it crossed; `minutes` is `to − from`, rounded to whole minutes.
 * - A level is `low` when the time outside is ≤ 30 min and the deviation ≤ 2 °C, `medium` when
 *   ≤ 2 h and ≤ 5 °C, and `high` otherwise. Each excursion has the level of its own time and
 *   deviation; the order's level takes the total time outside (the sum over every excursion of
 *   every logger) and the largest deviation, and is `none` when no reading was outside.
 */

export interface Reading {
  logger_id: string;
  at: Date;
  celsius: number;
}

export interface Excursion {
  from: Date;
  to: Date;
  peak: number;
  minutes: number;
  level: Exclude<ExcursionLevel, 'none'>;
  /** °C beyond the bound crossed. */
  deviation: number;
}

export interface Limits {
  min: number | null;
  max: number | null;
}

export const LOW = { minutes: 30, celsius: 2 } as const;
export const MEDIUM = { minutes: 120, celsius: 5 } as const;

/** °C outside the range (0 inside). */
export function deviationOf(celsius: number, limits: Limits): number {
  if (limits.max !== null && celsius > limits.max) return celsius - limits.max;
  if (limits.min !== null && celsius < limits.min) return limits.min - celsius;
  return 0;
}

/** The level of a time outside and a deviation (both > 0 or at least one reading outside). */
export function levelOf(minutes: number, deviation: number): Exclude<ExcursionLevel, 'none'> {
  if (minutes <= LOW.minutes && deviation <= LOW.celsius) return 'low';
  if (minutes <= MEDIUM.minutes && deviation <= MEDIUM.celsius) return 'medium';
  return 'high';
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The excursions of a set of readings (any order, any loggers), oldest first. */
export function findExcursions(readings: readonly Reading[], limits: Limits): Excursion[] {
  const byLogger = new Map<string, Reading[]>();
  for (const reading of readings) {
    const list = byLogger.get(reading.logger_id) ?? [];
    list.push(reading);
    byLogger.set(reading.logger_id, list);
  }
  const out: Excursion[] = [];
  for (const list of byLogger.values()) {
    list.sort((a, b) => a.at.getTime() - b.at.getTime());
    let open: { from: Date; peak: number; deviation: number } | null = null;
    let last: Date | null = null;
    const close = (to: Date) => {
      if (!open) return;
      const minutes = Math.round((to.getTime() - open.from.getTime()) / 60_000);
      out.push({
        from: open.from,
        to,
        peak: open.peak,
        minutes,
        deviation: round(open.deviation),
        level: levelOf(minutes, open.deviation),
      });
      open = null;
    };
    for (const reading of list) {
      const deviation = deviationOf(reading.celsius, limits);
      if (deviation > 0) {
        if (!open) open = { from: reading.at, peak: reading.celsius, deviation };
        else if (deviation > open.deviation) {
          open.peak = reading.celsius;
          open.deviation = deviation;
        }
      } else close(reading.at);
      last = reading.at;
    }
    if (last) close(last);
  }
  return out.sort((a, b) => a.from.getTime() - b.from.getTime());
}

/** An order's level: the total time outside and the largest deviation of its excursions. */
export function overallLevel(excursions: readonly Excursion[]): ExcursionLevel {
  if (excursions.length === 0) return 'none';
  const minutes = excursions.reduce((sum, e) => sum + e.minutes, 0);
  const deviation = Math.max(...excursions.map((e) => e.deviation));
  return levelOf(minutes, deviation);
}

/** Readings of a class → its excursions and the order's level. */
export function assessReadings(
  readings: readonly Reading[],
  tempClass: TempClass,
): { excursions: Excursion[]; level: ExcursionLevel } {
  const excursions = findExcursions(readings, TEMP_LIMITS[tempClass]);
  return { excursions, level: overallLevel(excursions) };
}

/** An order's readings, oldest first. */
export async function readingsOf(db: DB, orderId: number): Promise<Reading[]> {
  const rows = await db
    .selectFrom('order_readings')
    .select(['logger_id', 'at', 'celsius'])
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy('logger_id')
    .execute();
  return rows.map((r) => ({ logger_id: r.logger_id, at: new Date(r.at), celsius: Number(r.celsius) }));
}

/**
 * Recomputes an order's excursion level from its stored readings and keeps it on
 * `orders.excursion` (the list filters on it). A computed field: the order's version does not
 * change, and it is written only when it moves. Called when readings arrive. Answers the level (null: no such order).
 */
export async function recomputeExcursion(db: DB, orderId: number): Promise<ExcursionLevel | null> {
  const order = await db
    .selectFrom('orders')
    .select('temp_class')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  const { level } = assessReadings(await readingsOf(db, orderId), order.temp_class);
  // written only when it moves (a write of the same level is no change for the audit trail)
  await db
    .updateTable('orders')
    .set({ excursion: level })
    .where('id', '=', orderId)
    .where('excursion', '<>', level)
    .execute();
  return level;
}
