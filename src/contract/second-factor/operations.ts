import { Code } from '../codes.ts';
import { NoInput, Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import {
  ConfirmRequest,
  ConfirmResponse,
  EnrolRequest,
  EnrolResponse,
  RemoveRequest,
  SecondFactorStatus,
} from './schemas.ts';

/**
 * The account menu's second-factor calls (issue 34), apart from accounts/operations.ts so that no
 * first load, which reads that module, carries them: only `<lp-second-factor-dialog>` does. The
 * sign-in's second step is in login-second-factor/ for the same reason (the login page's lazy
 * step alone). Their area is still `accounts` (server/areas/accounts).
 */
const area = 'accounts';
const MINUTE = 60_000;

export const secondFactorStatus = operation({
  area,
  method: 'GET',
  path: 'user/second-factor',
  summary: 'Whether the user has a second factor (TOTP), and how many recovery codes are left',
  auth: 'account',
  input: NoInput,
  output: SecondFactorStatus,
});

export const secondFactorEnrol = operation({
  area,
  method: 'POST',
  path: 'user/second-factor-enrol',
  summary:
    'Begin a TOTP enrolment with the password again: a new secret and its otpauth:// URI (409 while one is on)',
  auth: 'account',
  audit: { none: 'keeps an unconfirmed secret; the enrolment is recorded when the first code confirms it' },
  input: EnrolRequest,
  output: EnrolResponse,
  rateLimits: [{ by: 'user', limit: 10, windowMs: 15 * MINUTE }],
  codes: [Code.conflict],
});

export const secondFactorConfirm = operation({
  area,
  method: 'POST',
  path: 'user/second-factor-confirm',
  summary: 'Confirm the enrolment with the first code: answers 10 recovery codes, shown this once',
  auth: 'account',
  audit: { records: ['user'] },
  input: ConfirmRequest,
  output: ConfirmResponse,
  rateLimits: [{ by: 'user', limit: 10, windowMs: 15 * MINUTE }],
  codes: [Code.conflict],
});

export const secondFactorRemove = operation({
  area,
  method: 'POST',
  path: 'user/second-factor-remove',
  summary: 'Turn the second factor off: the password and a code (authenticator or recovery code)',
  auth: 'account',
  audit: { records: ['user'] },
  input: RemoveRequest,
  output: Nothing,
  rateLimits: [{ by: 'user', limit: 10, windowMs: 15 * MINUTE }],
  codes: [Code.conflict],
});
