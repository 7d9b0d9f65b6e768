import { Code } from '../codes.ts';
import { LoginResponse } from '../accounts/schemas.ts';
import { NoInput, Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import {
  LoginPasskeyOptionsRequest,
  LoginPasskeyRequest,
  PasskeyItem,
  PasskeyList,
  PasskeyOptions,
  PasskeyRegisterOptionsRequest,
  PasskeyRegisterRequest,
  PasskeyRemoveRequest,
} from './schemas.ts';

/**
 * Passkeys (issue 34; docs/decisions/passkeys.md): the account's keys, a sign-in's second step
 * with one, and the options a signature's passkey answers. A module of its own, so that only the
 * code that uses a passkey carries it. Their area is `accounts` (server/areas/accounts).
 */
const area = 'accounts';
const MINUTE = 60_000;

export const passkeyList = operation({
  area,
  method: 'GET',
  path: 'user/passkeys',
  summary: 'The person’s passkeys: name, when added, when last used',
  auth: 'account',
  input: NoInput,
  output: PasskeyList,
});

export const passkeyRegisterOptions = operation({
  area,
  method: 'POST',
  path: 'user/passkey-register-options',
  summary:
    'Begin adding a passkey with the password again: WebAuthn creation options (a challenge for 5 minutes, once; 409 at 10 keys)',
  auth: 'account',
  audit: { none: 'keeps a challenge; the key it adds is recorded' },
  input: PasskeyRegisterOptionsRequest,
  output: PasskeyOptions,
  rateLimits: [{ by: 'user', limit: 10, windowMs: 15 * MINUTE }],
  codes: [Code.conflict],
});

export const passkeyRegister = operation({
  area,
  method: 'POST',
  path: 'user/passkey-register',
  summary:
    'Add the passkey the browser made for the last challenge (attestation none; the origin and RP checked)',
  auth: 'account',
  audit: { records: ['user'] },
  input: PasskeyRegisterRequest,
  output: PasskeyItem,
  rateLimits: [{ by: 'user', limit: 10, windowMs: 15 * MINUTE }],
  codes: [Code.conflict],
});

export const passkeyRemove = operation({
  area,
  method: 'POST',
  path: 'user/passkey-remove',
  summary: 'Remove one of the person’s passkeys, with the password again',
  auth: 'account',
  audit: { records: ['user'] },
  input: PasskeyRemoveRequest,
  output: Nothing,
  rateLimits: [{ by: 'user', limit: 10, windowMs: 15 * MINUTE }],
  codes: [Code.notFound],
});

export const passkeySignOptions = operation({
  area,
  method: 'POST',
  path: 'user/passkey-sign-options',
  summary: 'WebAuthn request options for a signature with a passkey (`signature.passkey`; 5 minutes, once)',
  auth: 'session',
  audit: { none: 'keeps a challenge; the signature that uses it is recorded' },
  input: NoInput,
  output: PasskeyOptions,
  rateLimits: [{ by: 'user', limit: 30, windowMs: 15 * MINUTE }],
  codes: [Code.conflict],
});

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
