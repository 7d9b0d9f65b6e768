import { call } from '../../api/transport.ts';
import { stationList } from '../../contract/stations/operations.ts';
import type { Station } from '../../contract/stations/schemas.ts';

/** `GET common/station-list`: every station and depot (public, no token). */
export const fetchStations = (): Promise<Station[]> => call(stationList, {});
