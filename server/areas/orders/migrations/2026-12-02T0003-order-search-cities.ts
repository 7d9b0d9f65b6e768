import type { Kysely } from 'kysely';
import type { DB } from '../../../db/database.ts';
import { refreshSearchText } from '../order-store.ts';

/**
 * An order's searchable text carries its sides' cities, not their districts: a masked side's
 * district is part of the hidden address (the documents page searches this text). Orders that
 * name a district get their text again; those naming a city already have it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const app = db as unknown as DB;
  const ids = await app
    .selectFrom('orders as o')
    .select('o.id')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('regions as r')
          .select('r.region_id')
          .where('r.level', '=', 3)
          .where((inner) =>
            inner.or([
              inner('r.region_id', '=', inner.ref('o.from_city_id')),
              inner('r.region_id', '=', inner.ref('o.to_city_id')),
            ]),
          ),
      ),
    )
    .orderBy('o.id')
    .execute();
  for (const { id } of ids) await refreshSearchText(app, id);
}

export async function down(): Promise<void> {}
