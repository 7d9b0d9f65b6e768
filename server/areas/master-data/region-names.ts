import { type RawBuilder, sql } from 'kysely';

/**
 * An order or an address names its most exact region, a district (the editor and the address book
 * ask for one); older rows may name a city. Lists show the city: for a region joined as `region`
 * with its parent joined as `parent`, the parent's name when the region is a district, else the
 * region's own name (null without a region).
 */
export function cityOf(region: string, parent: string): RawBuilder<string | null> {
  return sql<
    string | null
  >`case when ${sql.ref(`${region}.level`)} = 3 then ${sql.ref(`${parent}.name`)} else ${sql.ref(`${region}.name`)} end`;
}

/** The district's name of a region joined as `region`: its name when it is a district, else ''. */
export function districtOf(region: string): RawBuilder<string> {
  return sql<string>`coalesce(case when ${sql.ref(`${region}.level`)} = 3 then ${sql.ref(`${region}.name`)} end, '')`;
}
