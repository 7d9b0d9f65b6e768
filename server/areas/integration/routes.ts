import * as ops from '../../../src/contract/integration/operations.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { handle } from '../../http/route.ts';
import { issueOneTimeCode, ONE_TIME_TTL_MS } from '../accounts/one-time-codes.ts';

/**
 * `integration/*`: calls from the provider's other systems, signed with the shared secret
 * (the `signed` auth of the declaration checks it before the input is read; see docs/api.md).
 */
export const routes = [
  handle(ops.jumpCode, async ({ input, deps, now }) => {
    const issued = await issueOneTimeCode(deps.db, input, now);
    if (!issued.ok) {
      if (issued.reason === 'unknown-user') throw notFound('No such user');
      throw forbidden("This customer account is not the user's");
    }
    return { code: issued.code, kind: input.kind, expires_in: ONE_TIME_TTL_MS / 1000 };
  }),
];
