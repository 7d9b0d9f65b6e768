import { stationList, stationSync } from '../../../src/contract/stations/operations.ts';
import { handle } from '../../http/route.ts';
import { cachedStations, stationsChanged } from './station-list.ts';
import { syncStations } from './station-sync.ts';

export const routes = [
  handle(stationList, ({ deps }) => cachedStations(deps)),
  handle(stationSync, async ({ input, deps }) => {
    const answer = await syncStations(deps.db, input);
    stationsChanged(deps);
    return answer;
  }),
];
