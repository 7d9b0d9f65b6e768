import { operation } from '../operation.ts';
import { StationList, StationListQuery, StationSyncAnswer, StationSyncRequest } from './schemas.ts';

/**
 * The provider's stations and depots for the public `/station` page and partner pages: no token,
 * open to the configured partner origins, limited per client address, and answered from a
 * short-lived cache on the server (the list changes rarely and every visitor reads all of it).
 */
const area = 'stations';

export const STATION_READS = { by: 'ip', limit: 60, windowMs: 60_000, bucket: 'station-read' } as const;

export const stationList = operation({
  area,
  method: 'GET',
  path: 'common/station-list',
  summary:
    'The provider’s stations and depots: place in the region tree, address, phone, opening hours and temperature classes',
  auth: 'public',
  cors: true,
  input: StationListQuery,
  output: StationList,
  rateLimits: [STATION_READS],
});

/** The provider's systems send their whole list (signed with the integration secret). */
export const stationSync = operation({
  area,
  method: 'POST',
  path: 'provider/station-sync',
  summary: 'Replace the list of stations and depots: add new codes, update known ones, hide those left out',
  auth: 'signed',
  audit: { none: "the provider's public list of its stations, no customer's record" },
  input: StationSyncRequest,
  output: StationSyncAnswer,
});
