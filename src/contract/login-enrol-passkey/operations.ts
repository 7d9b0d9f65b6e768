import * as v from 'valibot';
import { LoginResponse } from '../accounts/schemas.ts';
import { Code } from '../codes.ts';
import { RequiredText, Text } from '../fields.ts';
import { msg } from '../messages.ts';
import { operation } from '../operation.ts';
import { PasskeyCredential, PasskeyOptions } from '../passkeys/schemas.ts';

/**
 * The sign-in's enrolment after a 478 with a passkey instead of the authenticator app
 * (docs/decisions/passkeys.md, docs/decisions/second-factor-policy.md), in a module of its own so
 * that only the login page's lazy enrolment step (host/pages/login/enrol-step.tsx) carries it.
 */
const area = 'accounts';
const MINUTE = 60_000;

const EnrolToken = v.pipe(Text(256), v.nonEmpty(msg('required')));

export const LoginEnrolPasskeyOptionsRequest = v.strictObject({ enrol_token: EnrolToken });
export const LoginEnrolPasskeyRequest = v.strictObject({
  enrol_token: EnrolToken,
  name: RequiredText(60),
  credential: PasskeyCredential,
});

export const loginEnrolPasskeyOptions = operation({
  area,
  method: 'POST',
  path: 'user/login-enrol-passkey-options',
  summary:
    'After a 478: WebAuthn creation options for a passkey as the factor, the challenge bound to the pending enrolment (476 when it is over: 10 min, the same address)',
  auth: 'public',
  audit: { none: 'keeps a challenge bound to the pending enrolment; the key it adds is recorded' },
  input: LoginEnrolPasskeyOptionsRequest,
  output: PasskeyOptions,
  rateLimits: [{ by: 'ip', limit: 30, windowMs: MINUTE }],
  codes: [Code.captchaExpired, Code.conflict],
});

export const loginEnrolPasskey = operation({
  area,
  method: 'POST',
  path: 'user/login-enrol-passkey',
  summary:
    'After a 478: the passkey the browser made for that challenge becomes the factor and the session opens (422 refused: nothing kept; 476 the pending enrolment is over)',
  auth: 'public',
  audit: { records: ['user'] },
  input: LoginEnrolPasskeyRequest,
  output: LoginResponse,
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE }],
  codes: [Code.captchaExpired, Code.conflict],
});
