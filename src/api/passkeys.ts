import * as ops from '../contract/passkeys/operations.ts';
import type { PasskeyCredential, PasskeyList } from '../contract/passkeys/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/**
 * The account menu's passkey calls (docs/decisions/passkeys.md), carried by
 * `<lp-second-factor-dialog>` only; the browser's part (`@simplewebauthn/browser`) is loaded at
 * the moment a key is made.
 */
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
