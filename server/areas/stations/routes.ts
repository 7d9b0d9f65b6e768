import { stationList } from '../../../src/contract/stations/operations.ts';
import { handle } from '../../http/route.ts';
import { cachedStations } from './station-list.ts';

export const routes = [handle(stationList, ({ deps }) => cachedStations(deps))];
