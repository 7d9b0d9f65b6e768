import type { LoginResponse } from '../contract/accounts/schemas.ts';
import * as ops from '../contract/passkeys/operations.ts';
import type { PasskeyCredential, PasskeyList } from '../contract/passkeys/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/**
 * Passkey calls (docs/decisions/passkeys.md), with the browser's part (`@simplewebauthn/browser`)
 * loaded at the moment a passkey is used: neither the login page's first load nor the second
 * step's carries the library.
 */
type Json = Parameters<typeof import('@simplewebauthn/browser').startAuthentication>[0]['optionsJSON'];

/** The browser's assertion for `options` (the server's request options): the person touches their key. */
export async function passkeyAssertion(options: { challenge: string }): Promise<PasskeyCredential> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as unknown as Json })) as PasskeyCredential;
}

/** The second step of a sign-in with a passkey: options for the pending sign-in, the key, the session. */
export async function loginWithPasskey(pending_token: string, options?: CallOptions): Promise<LoginResponse> {
  const request = (await call(ops.loginPasskeyOptions, { pending_token }, options)) as { challenge: string };
  const credential = await passkeyAssertion(request);
  return (await call(ops.loginPasskey, { pending_token, credential }, options)) as LoginResponse;
}

/** A signature's passkey (`signature.passkey`): options for a signature, and the key's assertion. */
export async function signingPasskey(options?: CallOptions): Promise<PasskeyCredential> {
  const request = (await call(ops.passkeySignOptions, {}, options)) as { challenge: string };
  return passkeyAssertion(request);
}

type CreationJson = Parameters<typeof import('@simplewebauthn/browser').startRegistration>[0]['optionsJSON'];

export const listPasskeys = (options?: CallOptions) =>
  call(ops.passkeyList, {}, options) as Promise<PasskeyList>;

/** Adds a passkey: the password again, the browser makes the key, the server keeps it. */
export async function addPasskey(password: string, name: string, options?: CallOptions): Promise<void> {
  const creation = (await call(ops.passkeyRegisterOptions, { password }, options)) as { challenge: string };
  const { startRegistration } = await import('@simplewebauthn/browser');
  const credential = await startRegistration({ optionsJSON: creation as unknown as CreationJson });
  await call(ops.passkeyRegister, { name, credential: credential as PasskeyCredential }, options);
}

export const removePasskey = (id: number, password: string, options?: CallOptions) =>
  call(ops.passkeyRemove, { id, password }, options) as Promise<null>;
