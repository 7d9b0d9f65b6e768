import { areaChores } from './areas/index.ts';
import { startExportRunner } from './areas/order-exports/jobs.ts';
import { startHousekeeping } from './core/housekeeping.ts';
import type { AppDeps } from './http/env.ts';

/** What a server process runs beside its requests; `stop()` ends it before the database closes. */
export interface Background {
  stop(): Promise<void>;
}

/**
 * Starts the process's background work: the export runner (jobs claimed by any process, woken
 * by the bus and a slow poll: areas/order-exports/jobs.ts) and the hourly chores, once per hour
 * across processes (core/housekeeping.ts). With several server processes on one PostgreSQL each
 * runs this; what must happen once guards itself in the database.
 */
export function startBackground(deps: AppDeps): Background {
  const stopHousekeeping = startHousekeeping(deps, areaChores);
  const stopExports = startExportRunner(deps);
  return {
    async stop() {
      stopHousekeeping();
      // A job being made goes back to the queue after its current page (another process or the
      // next start takes it).
      await stopExports();
    },
  };
}
