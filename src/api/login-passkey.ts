import type { LoginResponse } from '../contract/accounts/schemas.ts';
import * as ops from '../contract/login-passkey/operations.ts';
import type { PasskeyCredential } from '../contract/passkeys/schemas.ts';
import { type CallOptions, call } from './transport.ts';

type Json = Parameters<typeof import('@simplewebauthn/browser').startAuthentication>[0]['optionsJSON'];

/**
 * The second step of a sign-in with a passkey (docs/decisions/passkeys.md): options for the
 * pending sign-in, the person's key (`@simplewebauthn/browser`, loaded now), the session.
 */
export async function loginWithPasskey(pending_token: string, options?: CallOptions): Promise<LoginResponse> {
  const request = await call(ops.loginPasskeyOptions, { pending_token }, options);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const credential = await startAuthentication({ optionsJSON: request as unknown as Json });
  return (await call(
    ops.loginPasskey,
    { pending_token, credential: credential as PasskeyCredential },
    options,
  )) as LoginResponse;
}
