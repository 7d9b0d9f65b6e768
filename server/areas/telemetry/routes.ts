import * as ops from '../../../src/contract/telemetry/operations.ts';
import { handle } from '../../http/route.ts';
import { recordErrorLog, recordTracking } from './telemetry.ts';

/** `common/data-tracking` and `common/error-log`: with or without a session, never 598. */
export const routes = [
  handle(ops.dataTracking, async ({ input, session, deps }) => {
    await recordTracking(deps.db, input, session?.uid ?? null);
    return null;
  }),
  handle(ops.errorLog, async ({ input, session, deps, c }) => {
    await recordErrorLog(deps.db, input, session?.uid ?? null, c.req.header('user-agent') ?? '');
    return null;
  }),
];
