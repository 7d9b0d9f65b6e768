import type { Chore } from '../core/housekeeping.ts';
import type { Route } from '../http/route.ts';
import { areaFiles } from './area-files.ts';

export { AREA_NAMES, areaFiles, migrationFiles } from './area-files.ts';

/**
 * Every area's routes (`<area>/routes.ts` exports `routes`, a list of `handle(operation, …)`),
 * loaded once when the server starts.
 */
export async function loadAreaRoutes(): Promise<Route[]> {
  const out: Route[] = [];
  for (const { area, load } of areaFiles('routes.ts')) {
    const module = (await load()) as { routes?: Route[] };
    if (!Array.isArray(module.routes)) throw new Error(`server/areas/${area}/routes.ts must export routes`);
    out.push(...module.routes);
  }
  return out;
}

let chores: Promise<Chore[]> | undefined;

/** Every area's housekeeping chores (`<area>/housekeeping.ts` exports `chores`), loaded once. */
export function areaChores(): Promise<Chore[]> {
  chores ??= (async () => {
    const out: Chore[] = [];
    for (const { area, load } of areaFiles('housekeeping.ts')) {
      const module = (await load()) as { chores?: Chore[] };
      if (!Array.isArray(module.chores))
        throw new Error(`server/areas/${area}/housekeeping.ts must export chores`);
      out.push(...module.chores);
    }
    return out;
  })();
  return chores;
}
