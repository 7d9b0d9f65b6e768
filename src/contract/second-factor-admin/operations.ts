import { Code } from '../codes.ts';
import { NoInput, Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import { MemberFactorListSchema, MemberFactorResetRequest } from '../second-factor-policy/schemas.ts';

/**
 * A customer administrator's view of its members' second factors, and the reset of a lost one
 * (issue 34, docs/decisions/second-factor-policy.md): loaded by the sessions dialog's admin part.
 */
const area = 'accounts';

export const memberFactors = operation({
  area,
  method: 'GET',
  path: 'customer-account/member-factors',
  summary:
    'The session customer’s members and whether each has a second factor (its administrators only, 403 otherwise)',
  auth: 'session',
  input: NoInput,
  output: MemberFactorListSchema,
  codes: [Code.forbidden],
});

export const memberFactorReset = operation({
  area,
  method: 'POST',
  path: 'customer-account/member-factor-reset',
  summary:
    'Reset a member’s lost second factor (the administrator’s password, and code when they have a factor, and a reason): ends the member’s sessions and texts them; 404 for anyone who is no member of the session’s customer',
  auth: 'session',
  audit: { records: ['user'] },
  input: MemberFactorResetRequest,
  output: Nothing,
  rateLimits: [{ by: 'user', limit: 10, windowMs: 15 * 60_000 }],
  codes: [Code.forbidden, Code.notFound, Code.conflict],
});
