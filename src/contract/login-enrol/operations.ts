import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import { EnrolResponse } from '../second-factor/schemas.ts';
import {
  LoginEnrolConfirmRequest,
  LoginEnrolConfirmResponse,
  LoginEnrolStartRequest,
  WrongEnrolmentCode,
} from '../second-factor-policy/schemas.ts';

/**
 * The sign-in's enrolment step after a 478 (a customer requires a second factor the person lacks:
 * docs/decisions/second-factor-policy.md), in a module of its own so that only the login page's
 * lazy enrolment step (host/pages/login/enrol-step.tsx) carries it.
 */
const area = 'accounts';
const MINUTE = 60_000;

export const loginEnrolStart = operation({
  area,
  method: 'POST',
  path: 'user/login-enrol-start',
  summary:
    'After a 478: a new TOTP secret and its otpauth:// URI for the pending enrolment (476 when it is over: 10 min, the same address)',
  auth: 'public',
  audit: { none: 'keeps an unconfirmed secret; the enrolment is recorded when the first code confirms it' },
  input: LoginEnrolStartRequest,
  output: EnrolResponse,
  rateLimits: [{ by: 'ip', limit: 30, windowMs: MINUTE }],
  codes: [Code.captchaExpired],
});

export const loginEnrolConfirm = operation({
  area,
  method: 'POST',
  path: 'user/login-enrol-confirm',
  summary:
    'After a 478: the first code turns the factor on and opens the session; answers the sign-in and 10 recovery codes, shown this once (406 wrong code, 476 the pending enrolment is over: 10 min, 5 codes, the same address)',
  auth: 'public',
  audit: { records: ['user'] },
  input: LoginEnrolConfirmRequest,
  output: LoginEnrolConfirmResponse,
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE }],
  codes: [Code.wrongCredentials, Code.captchaExpired],
  refusals: { [Code.wrongCredentials]: WrongEnrolmentCode },
});
