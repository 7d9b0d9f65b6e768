import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import { LoginResponse } from '../accounts/schemas.ts';
import { LoginPasskeyOptionsRequest, LoginPasskeyRequest, PasskeyOptions } from '../passkeys/schemas.ts';

/**
 * A sign-in's second step with a passkey (issue 34; docs/decisions/passkeys.md), carried only by
 * the login page's lazy second step (host/pages/login/second-factor-step.tsx).
 */
const area = 'accounts';
const MINUTE = 60_000;

export const loginPasskeyOptions = operation({
  area,
  method: 'POST',
  path: 'user/login-passkey-options',
  summary: 'WebAuthn request options for the second step of a sign-in that answered 477 with `passkey`',
  auth: 'public',
  audit: { none: 'keeps a challenge bound to the pending sign-in' },
  input: LoginPasskeyOptionsRequest,
  output: PasskeyOptions,
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE }],
  codes: [Code.captchaExpired],
});

export const loginPasskey = operation({
  area,
  method: 'POST',
  path: 'user/login-passkey',
  summary:
    'The second step of a sign-in with a passkey: the pending token and the browser’s assertion (406 refused, 476 the pending sign-in is over)',
  auth: 'public',
  audit: { records: ['user'] },
  input: LoginPasskeyRequest,
  output: LoginResponse,
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE }],
  codes: [Code.wrongCredentials, Code.locked, Code.captchaExpired],
});
