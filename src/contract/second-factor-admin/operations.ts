import { Code } from '../codes.ts';
import { NoInput, Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import { PasskeyOptions } from '../passkeys/schemas.ts';
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
    'Reset a member’s lost second factor (the administrator’s password, and their own factor when they have one: a code, or a passkey’s assertion; and a reason): ends the member’s sessions and texts them; 404 for anyone who is no member of the session’s customer',
  auth: 'session',
  audit: { records: ['user'] },
  input: MemberFactorResetRequest,
  output: Nothing,
  rateLimits: [{ by: 'user', limit: 10, windowMs: 15 * 60_000 }],
  codes: [Code.forbidden, Code.notFound, Code.conflict],
});

export const memberFactorResetOptions = operation({
  area,
  method: 'POST',
  path: 'customer-account/member-factor-reset-options',
  summary:
    'WebAuthn request options for the administrator’s own passkey, to confirm a member’s reset (`passkey`; 5 minutes, once; its administrators only, 403 otherwise; 409 without a passkey)',
  auth: 'session',
  audit: { none: 'keeps a challenge; the reset that uses it is recorded' },
  input: NoInput,
  output: PasskeyOptions,
  rateLimits: [{ by: 'user', limit: 30, windowMs: 15 * 60_000 }],
  codes: [Code.forbidden, Code.conflict],
});
