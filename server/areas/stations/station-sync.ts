import type { ParsedInputOf } from '../../../src/contract/operation.ts';
import type { stationSync } from '../../../src/contract/stations/operations.ts';
import type { StationSyncAnswer } from '../../../src/contract/stations/schemas.ts';
import type { DB } from '../../db/database.ts';
import { invalidField } from '../../core/errors.ts';
import { pinyinInitials } from '../../core/pinyin.ts';

type Parsed = ParsedInputOf<typeof stationSync>;

/**
 * Replaces the provider's list in one transaction: codes not seen before are added, known codes
 * updated (and shown again if they were hidden), and every station whose code the list leaves out
 * is hidden. A station must sit on a city or district of the region tree (422 on its field).
 */
export async function syncStations(db: DB, input: Parsed): Promise<StationSyncAnswer> {
  const regionIds = [...new Set(input.stations.map((s) => s.region_id))];
  const regions = regionIds.length
    ? await db
        .selectFrom('regions')
        .select(['region_id', 'level'])
        .where('region_id', 'in', regionIds)
        .execute()
    : [];
  const placeable = new Set(regions.filter((r) => r.level >= 2).map((r) => r.region_id));
  input.stations.forEach((s, i) => {
    if (!placeable.has(s.region_id))
      throw invalidField(
        `stations.${i}.region_id`,
        'Place a station on a city or district of the region tree',
      );
  });
  return db.transaction().execute(async (trx) => {
    const known = new Set((await trx.selectFrom('stations').select('code').execute()).map((row) => row.code));
    let added = 0;
    let updated = 0;
    for (const s of input.stations) {
      const row = {
        kind: s.kind,
        name: s.name,
        name_en: s.name_en,
        pinyin: pinyinInitials(s.name),
        region_id: s.region_id,
        address: s.address,
        address_en: s.address_en,
        phone: s.phone,
        hours: JSON.stringify(s.hours),
        temp_classes: [...new Set(s.temp_classes)],
        active: true,
      };
      if (known.has(s.code)) {
        await trx.updateTable('stations').set(row).where('code', '=', s.code).execute();
        updated++;
      } else {
        await trx
          .insertInto('stations')
          .values({ code: s.code, ...row })
          .execute();
        added++;
      }
    }
    const codes = input.stations.map((s) => s.code);
    let hide = trx.updateTable('stations').set({ active: false }).where('active', '=', true);
    if (codes.length) hide = hide.where('code', 'not in', codes);
    const hidden = Number((await hide.executeTakeFirst()).numUpdatedRows);
    return { added, updated, hidden };
  });
}
