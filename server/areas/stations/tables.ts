import type { Generated } from 'kysely';
import type { OpeningHours, StationKind } from '../../../src/contract/stations/schemas.ts';
import type { TempClass } from '../../../src/contract/orders/domain.ts';
import type { GeneratedTimestamp, Json } from '../../db/columns.ts';

/** A station or depot of the provider, placed on a city or district of the region tree. */
export interface StationsTable {
  st_id: Generated<number>;
  /** The provider's own code of the station (`provider/station-sync` matches by it). */
  code: string;
  kind: Generated<StationKind>;
  name: string;
  name_en: Generated<string>;
  /** Pinyin initials of the name (server/core/pinyin.ts). */
  pinyin: Generated<string>;
  region_id: number;
  address: string;
  address_en: Generated<string>;
  phone: string;
  hours: Json<OpeningHours[]>;
  temp_classes: Generated<TempClass[]>;
  active: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    stations: StationsTable;
  }
}
