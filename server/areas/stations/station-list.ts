import type { Station } from '../../../src/contract/stations/schemas.ts';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../http/env.ts';

/** How long an app instance answers the station list from memory. */
export const STATION_CACHE_MS = 60_000;

/**
 * The active stations and depots with their place in the region tree, ordered by place (region
 * ids are the national division codes: a province's cities and districts sort together), then
 * stations before depots, then by id. A station sits on a city (level 2) or a district (level 3).
 */
export async function listStations(db: DB): Promise<Station[]> {
  const rows = await db
    .selectFrom('stations as s')
    .innerJoin('regions as r', 'r.region_id', 's.region_id')
    .leftJoin('regions as p', 'p.region_id', 'r.parent_id')
    .leftJoin('regions as g', 'g.region_id', 'p.parent_id')
    .select([
      's.st_id',
      's.kind',
      's.name',
      's.name_en',
      's.pinyin',
      's.address',
      's.address_en',
      's.phone',
      's.hours',
      's.temp_classes',
      'r.region_id as r_id',
      'r.level as r_level',
      'r.name as r_name',
      'r.name_en as r_name_en',
      'r.pinyin as r_pinyin',
      'p.region_id as p_id',
      'p.name as p_name',
      'p.name_en as p_name_en',
      'p.pinyin as p_pinyin',
      'g.region_id as g_id',
      'g.name as g_name',
      'g.name_en as g_name_en',
      'g.pinyin as g_pinyin',
    ])
    .where('s.active', '=', true)
    .orderBy('s.region_id')
    .orderBy('s.kind', 'desc')
    .orderBy('s.st_id')
    .execute();
  const out: Station[] = [];
  for (const row of rows) {
    const self = { region_id: row.r_id, name: row.r_name, name_en: row.r_name_en };
    const parent =
      row.p_id === null
        ? null
        : { region_id: row.p_id, name: row.p_name ?? '', name_en: row.p_name_en ?? '' };
    const grand =
      row.g_id === null
        ? null
        : { region_id: row.g_id, name: row.g_name ?? '', name_en: row.g_name_en ?? '' };
    // A district's city is its parent; a city's province is its parent. A station on a province
    // (level 1) has no city: the data does not allow it, and it is left out rather than guessed.
    const onDistrict = row.r_level === 3;
    const city = onDistrict ? parent : row.r_level === 2 ? self : null;
    const province = onDistrict ? grand : row.r_level === 2 ? parent : null;
    if (!city || !province) continue;
    // initials of the name, then of the district, city and province it is in
    const places = onDistrict ? [row.r_pinyin, row.p_pinyin, row.g_pinyin] : [row.r_pinyin, row.p_pinyin];
    out.push({
      st_id: row.st_id,
      kind: row.kind,
      name: row.name,
      name_en: row.name_en,
      pinyin: [row.pinyin, ...places].filter(Boolean).join(' '),
      province,
      city,
      district: onDistrict ? self : null,
      address: row.address,
      address_en: row.address_en,
      phone: row.phone,
      hours: row.hours,
      temp_classes: row.temp_classes,
    });
  }
  return out;
}

/** Per app instance: the list and when it was read (public data; a minute stale at most). */
const cached = new WeakMap<AppDeps, { at: number; list: Promise<Station[]> }>();

/**
 * The station list from the app's cache, read again after `STATION_CACHE_MS` (by the app's
 * clock). Every visitor of /station asks for the whole list; a minute's staleness is harmless for
 * addresses and opening hours, and a failed read is not kept.
 */
export function cachedStations(deps: AppDeps): Promise<Station[]> {
  const now = deps.now().getTime();
  const hit = cached.get(deps);
  if (hit && now - hit.at < STATION_CACHE_MS) return hit.list;
  const list = listStations(deps.db);
  cached.set(deps, { at: now, list });
  list.catch(() => {
    if (cached.get(deps)?.list === list) cached.delete(deps);
  });
  return list;
}

/** Drops the app's cached list: whoever writes stations calls it (the seed, fixtures). */
export function stationsChanged(deps: AppDeps): void {
  cached.delete(deps);
}
