import type { Chore } from '../../core/housekeeping.ts';
import { sweepOrphans } from '../../core/storage-cleanup.ts';

/**
 * The area's periodic clean-up (server/core/housekeeping.ts): stored bytes that no row names a
 * day after they were written (an upload whose outcome could not be checked when its call failed,
 * a removal that failed after its commit) are removed.
 */
export const chores: Chore[] = [
  { name: 'stored files no row names', run: (deps, now) => sweepOrphans(deps.db, deps.storage, now) },
];
