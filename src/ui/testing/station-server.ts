import { executeServerCommand } from './commands.ts';
import type { TempClass } from '../../contract/orders/domain.ts';
import type { OpeningHours, StationKind } from '../../contract/stations/schemas.ts';

/** A station for one test (server/testing/station-fixtures.ts `createStation`; defaults there). */
export interface TestStationOptions {
  kind?: StationKind;
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

/** Makes stations in the test server's database (and drops its cached list) → their ids and names. */
export const createTestStations = (
  stations: TestStationOptions[],
): Promise<Array<{ st_id: number; name: string; name_en: string }>> =>
  executeServerCommand('lp-create-stations', { stations });
