import type { LoginResponse } from '../contract/accounts/schemas.ts';
import * as ops from '../contract/login-enrol-passkey/operations.ts';
import type { PasskeyCredential } from '../contract/passkeys/schemas.ts';
import { type CallOptions, call } from './transport.ts';

type CreationJson = Parameters<typeof import('@simplewebauthn/browser').startRegistration>[0]['optionsJSON'];

/** The browser made no key: it cannot (`unsupported`), or it was refused or found no authenticator. */
export class PasskeyNotMade extends Error {
  constructor(readonly reason: 'unsupported' | 'refused') {
    super(`no passkey made: ${reason}`);
  }
}

/**
 * The sign-in's enrolment after a 478 with a passkey instead of the authenticator app
 * (src/contract/login-enrol-passkey; docs/decisions/passkeys.md): creation options for the
 * pending enrolment, the browser's dialog (`@simplewebauthn/browser`, loaded now), the session.
 * Imported by the login page's lazy enrolment step only. A refusal of the browser's throws
 * PasskeyNotMade; the server's refusals throw as any call's.
 */
export async function loginEnrolWithPasskey(
  enrol_token: string,
  name: string,
  options?: CallOptions,
): Promise<LoginResponse> {
  const creation = await call(ops.loginEnrolPasskeyOptions, { enrol_token }, options);
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new PasskeyNotMade('unsupported');
  const credential = await startRegistration({ optionsJSON: creation as unknown as CreationJson }).catch(
    () => {
      throw new PasskeyNotMade('refused');
    },
  );
  return (await call(
    ops.loginEnrolPasskey,
    { enrol_token, name, credential: credential as PasskeyCredential },
    options,
  )) as LoginResponse;
}
