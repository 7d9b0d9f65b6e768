import { startHousekeeping } from './core/housekeeping.ts';
import type { AppDeps } from './http/env.ts';

/** What a server process runs beside its requests; `stop()` ends it before the database closes. */
export interface Background {
  stop(): Promise<void>;
}

/**
 * Starts the process's background work: the hourly chores (core/housekeeping.ts). With several
 * server processes on one PostgreSQL, each runs this; what must happen once across processes
 * guards itself in the database.
 */
export function startBackground(deps: AppDeps): Background {
  const stopHousekeeping = startHousekeeping(deps);
  return {
    async stop() {
      stopHousekeeping();
    },
  };
}
