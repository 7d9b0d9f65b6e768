import { Code } from '../codes.ts';
import { NoInput, Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import {
  PasskeyItem,
  PasskeyList,
  PasskeyOptions,
  PasskeyRegisterOptionsRequest,
  PasskeyRegisterRequest,
  PasskeyRemoveRequest,
} from './schemas.ts';

/**
 * Passkeys (issue 34; docs/decisions/passkeys.md): the account menu's calls, carried by
 * `<lp-second-factor-dialog>` only. A sign-in's second step with a passkey is in login-passkey/,
 * a signature's options in passkey-signing/, so that each lazy chunk carries its own calls alone
 * (rollup merges small shared chunks into the host's first load). Their area is `accounts`.
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
