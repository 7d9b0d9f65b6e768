import type { AppDeps } from '../../http/env.ts';
import { removeStalePendingFiles } from './pending-files.ts';

/**
 * The area's periodic clean-up (server/core/housekeeping.ts finds `chores` by area, at start and
 * hourly): files uploaded for an order never made go a day after their upload. Each upload also
 * sweeps a few, so a server without the hourly chores still removes them.
 */
export const chores = [
  {
    name: 'files never attached',
    run: (deps: AppDeps, now: Date): Promise<number> => removeStalePendingFiles(deps, now),
  },
];
