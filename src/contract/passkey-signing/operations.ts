import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import { NoInput } from '../fields.ts';
import { PasskeyOptions } from '../passkeys/schemas.ts';

/**
 * A signature's passkey (issue 34; docs/decisions/passkeys.md): the request options, carried only
 * by the lazy sign dialog (src/features/order-view/sign-dialog.tsx).
 */
const area = 'accounts';
const MINUTE = 60_000;

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
