import {
  EXCURSION_LEVELS,
  type ExcursionLevel,
  TEMP_LIMITS,
  type TempClass,
} from '../../../src/contract/orders/domain.ts';
import type { DB } from '../../db/database.ts';

/**
 * The order's excursion level from its readings, until the orders area's `recomputeExcursion`
 * (server/areas/orders/excursion.ts) is merged; then `recomputeOrderExcursion` calls that instead.
 * An excursion is a run of consecutive readings of one logger outside the class's range; its
 * level: high when it goes 5 °C or more past the limit or lasts 60 min or more, medium from 2 °C
 * or 30 min, low below that. The order's level is its worst excursion's.
 */
export function excursionLevel(
  tempClass: TempClass,
  readings: ReadonlyArray<{ logger_id: string; at: Date; celsius: number }>,
): ExcursionLevel {
  const { min, max } = TEMP_LIMITS[tempClass];
  const beyond = (c: number) => Math.max(min !== null ? min - c : 0, max !== null ? c - max : 0);
  const sorted = [...readings].sort(
    (a, b) => a.logger_id.localeCompare(b.logger_id) || a.at.getTime() - b.at.getTime(),
  );
  let worst = 0;
  let run: { logger: string; from: number; to: number; peak: number } | null = null;
  const close = () => {
    if (!run) return;
    const minutes = (run.to - run.from) / 60_000;
    const level = run.peak >= 5 || minutes >= 60 ? 3 : run.peak >= 2 || minutes >= 30 ? 2 : 1;
    worst = Math.max(worst, level);
    run = null;
  };
  for (const r of sorted) {
    const d = beyond(r.celsius);
    if (run && run.logger !== r.logger_id) close();
    if (d > 0) {
      const t = r.at.getTime();
      if (run) {
        run.to = t;
        run.peak = Math.max(run.peak, d);
      } else run = { logger: r.logger_id, from: t, to: t, peak: d };
    } else close();
  }
  close();
  return EXCURSION_LEVELS[worst] ?? 'none';
}

/** Recomputes and stores an order's `excursion`; answers the level before and after. */
export async function recomputeOrderExcursion(
  db: DB,
  orderId: number,
): Promise<{ before: ExcursionLevel; after: ExcursionLevel }> {
  const order = await db
    .selectFrom('orders')
    .select(['temp_class', 'excursion'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('order_readings')
    .select(['logger_id', 'at', 'celsius'])
    .where('order_id', '=', orderId)
    .execute();
  const after = excursionLevel(
    order.temp_class,
    rows.map((r) => ({ logger_id: r.logger_id, at: new Date(r.at), celsius: Number(r.celsius) })),
  );
  if (after !== order.excursion)
    await db.updateTable('orders').set({ excursion: after }).where('id', '=', orderId).execute();
  return { before: order.excursion, after };
}
