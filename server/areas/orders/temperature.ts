import type { Row } from '../../db/schema.ts';
import { TEMP_LIMITS } from '../../../src/contract/orders/domain.ts';
import type { Temperature, Track } from '../../../src/contract/orders/schemas.ts';
import type { DB } from '../../db/database.ts';
import { assessReadings, readingsOf } from './excursion.ts';

/** `common/get-car-temp`: the readings, the class's limits and the excursions found in them. */
export async function temperatureOf(db: DB, order: Row<'orders'>): Promise<Temperature> {
  const readings = await readingsOf(db, order.id);
  const { excursions, level } = assessReadings(readings, order.temp_class);
  const limits = TEMP_LIMITS[order.temp_class];
  return {
    temp_class: order.temp_class,
    min: limits.min,
    max: limits.max,
    excursion: level,
    readings: readings.map((r) => ({ logger_id: r.logger_id, at: r.at.toISOString(), celsius: r.celsius })),
    excursions: excursions.map((e) => ({
      from: e.from.toISOString(),
      to: e.to.toISOString(),
      peak: e.peak,
      minutes: e.minutes,
      level: e.level,
    })),
  };
}

/** `common/get-play-track-url`: the route's points, oldest first. */
export async function trackOf(db: DB, orderId: number): Promise<Track> {
  const rows = await db
    .selectFrom('order_track')
    .select(['at', 'lat', 'lng'])
    .where('order_id', '=', orderId)
    .orderBy('at')
    .execute();
  return { points: rows.map((p) => ({ at: new Date(p.at).toISOString(), lat: p.lat, lng: p.lng })) };
}
