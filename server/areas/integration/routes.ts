import * as ops from '../../../src/contract/integration/operations.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { handle } from '../../http/route.ts';
import { issueOneTimeCode, ONE_TIME_TTL_MS, redeemOneTimeCode } from '../accounts/one-time-codes.ts';

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
  handle(ops.redeemLink, async ({ input, deps, now }) => {
    const redeemed = await redeemOneTimeCode(deps.db, input.code, 'link', now);
    if (!redeemed) throw notFound('The code is unknown, used or expired');
    const user = await deps.db
      .selectFrom('users')
      .select(['ur_account', 'name'])
      .where('uid', '=', redeemed.uid)
      .executeTakeFirstOrThrow();
    const customer =
      redeemed.cuId === null
        ? null
        : ((await deps.db
            .selectFrom('customers')
            .select(['identifier', 'cu_name'])
            .where('cu_id', '=', redeemed.cuId)
            .executeTakeFirst()) ?? null);
    return { username: user.ur_account, name: user.name, customer };
  }),
];
