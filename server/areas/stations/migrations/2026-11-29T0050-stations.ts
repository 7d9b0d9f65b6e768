import { type Kysely, sql } from 'kysely';

/**
 * The provider's stations and depots (the public `/station` page). Each is placed on a city or a
 * district of the region tree and named by the provider's `code` (`provider/station-sync`); its opening hours are a JSON list of weekday runs
 * (`[{from_day, to_day, open, close}]`); `active` false hides it without losing it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stations (
      st_id serial primary key,
      code text not null unique,
      kind text not null default 'station' check (kind in ('station', 'depot')),
      name text not null,
      name_en text not null default '',
      pinyin text not null default '',
      region_id integer not null references regions(region_id),
      address text not null,
      address_en text not null default '',
      phone text not null,
      hours jsonb not null default '[]',
      temp_classes text[] not null default '{ambient}',
      active boolean not null default true,
      created_at timestamptz not null default now()
    );
    create index stations_region on stations(region_id) where active;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table stations;`.execute(db);
}
