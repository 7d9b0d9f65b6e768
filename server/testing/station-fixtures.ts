import { randomBytes } from 'node:crypto';
import type { OpeningHours, StationKind } from '../../src/contract/stations/schemas.ts';
import type { TempClass } from '../../src/contract/orders/domain.ts';
import { pinyinInitials } from '../core/pinyin.ts';
import type { AppDeps } from '../http/env.ts';
import { stationsChanged } from '../areas/stations/station-list.ts';

export interface StationOptions {
  kind?: StationKind;
  /** Chinese name; a unique one is made when left out (`测试站 <hex>`). */
  name?: string;
  name_en?: string;
  /** A city or district of the region tree (default 310115 上海市浦东新区). */
  region_id?: number;
  address?: string;
  address_en?: string;
  phone?: string;
  hours?: OpeningHours[];
  temp_classes?: TempClass[];
  active?: boolean;
}

/**
 * Inserts a station (unique name unless given) and drops the app's cached list, as any writer of
 * stations does. Returns its id and names.
 */
export async function createStation(deps: AppDeps, options: StationOptions = {}) {
  const tag = randomBytes(4).toString('hex');
  const name = options.name ?? `测试站 ${tag}`;
  const row = await deps.db
    .insertInto('stations')
    .values({
      code: `T-${tag}`,
      kind: options.kind ?? 'station',
      name,
      name_en: options.name_en ?? `Test Station ${tag}`,
      pinyin: pinyinInitials(name),
      region_id: options.region_id ?? 310115,
      address: options.address ?? `上海市浦东新区测试路 ${tag} 号`,
      address_en: options.address_en ?? '',
      phone: options.phone ?? '021-5000 0000',
      hours: JSON.stringify(options.hours ?? [{ from_day: 1, to_day: 5, open: '09:00', close: '17:00' }]),
      temp_classes: options.temp_classes ?? ['ambient'],
      active: options.active ?? true,
    })
    .returning(['st_id', 'name', 'name_en'])
    .executeTakeFirstOrThrow();
  stationsChanged(deps);
  return row;
}
