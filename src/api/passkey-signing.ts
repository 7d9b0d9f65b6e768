import * as ops from '../contract/passkey-signing/operations.ts';
import { call, type CallOptions } from './transport.ts';

type Json = Parameters<typeof import('@simplewebauthn/browser').startAuthentication>[0]['optionsJSON'];

/**
 * A signature's passkey (`signature.passkey`; docs/decisions/passkeys.md): options for a
 * signature, and the key's assertion (`@simplewebauthn/browser`, loaded now).
 */
export async function signingPasskey(options?: CallOptions): Promise<Record<string, unknown>> {
  const request = await call(ops.passkeySignOptions, {}, options);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return { ...(await startAuthentication({ optionsJSON: request as unknown as Json })) };
}
