import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import { ConfirmResponse } from '../second-factor/schemas.ts';
import { RecoveryCodesRenewRequest } from '../second-factor-policy/schemas.ts';

/**
 * New recovery codes from the second-factor dialog (issue 34), apart from its other calls so that
 * the passkeys' and this one's changes meet in no file.
 */
export const recoveryCodesRenew = operation({
  area: 'accounts',
  method: 'POST',
  path: 'user/recovery-codes-renew',
  summary:
    'New recovery codes: the password and a current code; the old ones stop working, the 10 new ones are answered this once',
  auth: 'account',
  audit: { records: ['user'] },
  input: RecoveryCodesRenewRequest,
  output: ConfirmResponse,
  rateLimits: [{ by: 'user', limit: 10, windowMs: 15 * 60_000 }],
  codes: [Code.conflict],
});
