import type { Region, RegionInfo } from '../../../src/contract/master-data/schemas.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { DB } from '../../db/database.ts';
import { ApiError } from '../../core/errors.ts';
import { textMatch } from './text-match.ts';

/**
 * The region tree: provinces (level 1), cities (2), districts (3). Shared by every customer.
 * Lists are sorted by region id (the national administrative codes: 110000 北京 first).
 */
const REGION = ['region_id', 'parent_id', 'level', 'name', 'name_en', 'pinyin', 'served'] as const;

export function provinces(db: DB): Promise<Region[]> {
  return db.selectFrom('regions').select(REGION).where('level', '=', 1).orderBy('region_id').execute();
}

async function regionOf(db: DB, regionId: number) {
  const region = await db
    .selectFrom('regions')
    .select(REGION)
    .where('region_id', '=', regionId)
    .executeTakeFirst();
  if (!region) throw new ApiError(Code.notFound, 'No such region');
  return region;
}

/** The regions one level below `parentId` (404 for an unknown region; [] below a district). */
export async function children(db: DB, parentId: number, level?: number): Promise<Region[]> {
  const parent = await regionOf(db, parentId);
  if (level !== undefined && parent.level !== level) throw new ApiError(Code.notFound, 'No such province');
  return db
    .selectFrom('regions')
    .select(REGION)
    .where('parent_id', '=', parentId)
    .orderBy('region_id')
    .execute();
}

/** Every city with its province's name, by keyword (name, English name, pinyin initials). */
export async function cityList(db: DB, keyword: string) {
  let query = db
    .selectFrom('regions as c')
    .innerJoin('regions as p', 'p.region_id', 'c.parent_id')
    .select([
      'c.region_id',
      'c.parent_id',
      'c.level',
      'c.name',
      'c.name_en',
      'c.pinyin',
      'c.served',
      'p.name as province',
    ])
    .where('c.level', '=', 2);
  if (keyword) query = query.where(textMatch(keyword, ['c.name', 'c.name_en', 'c.pinyin', 'p.name']));
  return query.orderBy('c.region_id').execute();
}

/**
 * Where a region is (province → … → it) and whether it and every region above it are served: one
 * query over the region and the (at most two) regions above it.
 */
export async function regionInfo(db: DB, regionId: number): Promise<RegionInfo> {
  const info = await findRegionInfo(db, regionId);
  if (!info) throw new ApiError(Code.notFound, 'No such region');
  return info;
}

/** `regionInfo`, or null for an unknown region. */
export async function findRegionInfo(db: DB, regionId: number): Promise<RegionInfo | null> {
  const row = await db
    .selectFrom('regions as r')
    .leftJoin('regions as p', 'p.region_id', 'r.parent_id')
    .leftJoin('regions as g', 'g.region_id', 'p.parent_id')
    .select([
      'r.region_id',
      'r.level',
      'r.name',
      'r.served',
      'p.name as parent_name',
      'p.served as parent_served',
      'g.name as grand_name',
      'g.served as grand_served',
    ])
    .where('r.region_id', '=', regionId)
    .executeTakeFirst();
  if (!row) return null;
  const path = [row.grand_name, row.parent_name, row.name].filter((name): name is string => name !== null);
  return {
    region_id: row.region_id,
    level: row.level,
    name: row.name,
    path,
    served: row.served && row.parent_served !== false && row.grand_served !== false,
  };
}
