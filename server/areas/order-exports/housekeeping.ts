import type { Chore } from '../../core/housekeeping.ts';
import { pruneExports } from './jobs.ts';

export const chores: Chore[] = [{ name: 'old exports', run: (deps, now) => pruneExports(deps, now) }];
