import { sql } from 'kysely';
import {
  REGION_SEARCH_MAX,
  type RegionMatch,
  type RegionUsage,
} from '../../../src/contract/master-data/schemas.ts';
import type { DB } from '../../db/database.ts';
import { textMatch } from './text-match.ts';

/**
 * Regions of any level whose name, English name or pinyin initials contain `keyword`, with the
 * regions above them, so that the region tree can open down to each (provinces first, then
 * cities, then districts, by region id; at most REGION_SEARCH_MAX).
 */
export async function regionSearch(db: DB, keyword: string): Promise<RegionMatch[]> {
  const rows = await db
    .selectFrom('regions as r')
    .leftJoin('regions as rp', 'rp.region_id', 'r.parent_id')
    .leftJoin('regions as rpp', 'rpp.region_id', 'rp.parent_id')
    .select([
      'r.region_id',
      'r.parent_id',
      'r.level',
      'r.name',
      'r.name_en',
      'r.pinyin',
      'r.served',
      'rp.region_id as parent',
      'rp.name as parent_name',
      'rpp.region_id as grandparent',
      'rpp.name as grandparent_name',
    ])
    .where(textMatch(keyword, ['r.name', 'r.name_en', 'r.pinyin']))
    .orderBy('r.level')
    .orderBy('r.region_id')
    .limit(REGION_SEARCH_MAX)
    .execute();
  return rows.map(({ parent, parent_name, grandparent, grandparent_name, ...region }) => {
    const above = [
      [grandparent, grandparent_name],
      [parent, parent_name],
    ].filter((pair): pair is [number, string] => pair[0] !== null && pair[1] !== null);
    return {
      ...region,
      ancestors: above.map(([id]) => id),
      path: [...above.map(([, name]) => name), region.name],
    };
  });
}

/**
 * Per region, the customer's sites and (not deleted) addresses in it or in a region below it:
 * a site in a district counts for the district, its city and its province. Regions without any
 * are left out.
 */
export async function regionUsage(db: DB, cuId: number): Promise<RegionUsage[]> {
  const placed = await db
    .selectFrom(
      db
        .selectFrom('sites')
        .select(['region_id', sql<string>`'sites'`.as('kind')])
        .where('cu_id', '=', cuId)
        .where('region_id', 'is not', null)
        .unionAll(
          db
            .selectFrom('addresses')
            .select(['region_id', sql<string>`'addresses'`.as('kind')])
            .where('cu_id', '=', cuId)
            .where('deleted_at', 'is', null)
            .where('region_id', 'is not', null),
        )
        .as('x'),
    )
    .innerJoin('regions as r', 'r.region_id', 'x.region_id')
    .leftJoin('regions as rp', 'rp.region_id', 'r.parent_id')
    .select(['r.region_id', 'r.parent_id', 'rp.parent_id as grandparent', 'x.kind'])
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .groupBy(['r.region_id', 'r.parent_id', 'rp.parent_id', 'x.kind'])
    .execute();
  const usage = new Map<number, RegionUsage>();
  for (const row of placed) {
    for (const id of [row.region_id, row.parent_id, row.grandparent]) {
      if (id === null) continue;
      const entry = usage.get(id) ?? { region_id: id, sites: 0, addresses: 0 };
      if (row.kind === 'sites') entry.sites += Number(row.n);
      else entry.addresses += Number(row.n);
      usage.set(id, entry);
    }
  }
  return [...usage.values()].sort((a, b) => a.region_id - b.region_id);
}
