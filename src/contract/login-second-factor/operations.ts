import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import { LoginResponse } from '../accounts/schemas.ts';
import { LoginSecondFactorRequest, WrongSecondFactor } from '../second-factor/schemas.ts';

/**
 * The sign-in's second step (issue 34), in a module of its own so that only the login page's lazy
 * step (host/pages/login/second-factor-step.tsx) carries it: neither the login page's first load
 * (accounts/operations.ts) nor the account menu's dialog (second-factor/operations.ts).
 */
const area = 'accounts';
const MINUTE = 60_000;

export const loginSecondFactor = operation({
  area,
  method: 'POST',
  path: 'user/login-second-factor',
  summary:
    'The second step of a sign-in that answered 477: the pending token and a code of the authenticator or a recovery code (406 wrong, 476 the pending sign-in is over: 5 min, 5 tries, the same address)',
  auth: 'public',
  audit: { records: ['user'] },
  input: LoginSecondFactorRequest,
  output: LoginResponse,
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE }],
  codes: [Code.wrongCredentials, Code.locked, Code.captchaExpired],
  refusals: { [Code.wrongCredentials]: WrongSecondFactor },
});
