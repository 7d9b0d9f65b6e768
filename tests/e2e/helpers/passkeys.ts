import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import { attest, type SoftKey, softKey } from '../../../server/testing/passkey-fixtures.ts';
import { callApi } from './api.ts';

/**
 * Passkeys in Chromium (docs/decisions/passkeys.md) with the DevTools protocol's virtual
 * authenticator. WebAuthn takes no IP address as its relying party, so a spec opens the portal as
 * `localhost`, which the server takes for its loopback PUBLIC_URL (server/areas/accounts/passkeys.ts).
 */

/** The portal's address as `localhost` (the server's loopback PUBLIC_URL stands for it). */
export const localhost = (baseURL: string | undefined): URL => {
  const url = new URL(baseURL ?? '');
  url.hostname = 'localhost';
  return url;
};

export interface VirtualAuthenticator {
  cdp: CDPSession;
  /** The authenticator's id for the `WebAuthn.*` commands. */
  id: string;
}

/**
 * A virtual platform authenticator in the page's browser that verifies the user and answers at
 * once; with `key` it holds that key for the portal (a key made by the test and added through the
 * API, `addPasskeyByApi`), without it the portal's dialogs make their own.
 */
export async function virtualAuthenticator(page: Page, key?: SoftKey): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  if (key)
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId,
      credential: {
        credentialId: Buffer.from(key.id).toString('base64'),
        isResidentCredential: false,
        rpId: 'localhost',
        privateKey: key.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
        signCount: key.counter,
      },
    });
  return { cdp, id: authenticatorId };
}

/**
 * A new passkey of the signed-in person of `token`, added through the API as the account menu's
 * dialog adds one (their password, then the key's attestation for the portal at `origin`): the
 * software key (server/testing/passkey-fixtures.ts), for `virtualAuthenticator` to hold.
 */
export async function addPasskeyByApi(
  request: APIRequestContext,
  token: string,
  password: string,
  origin: string,
  name = '办公室电脑',
): Promise<SoftKey> {
  const key = softKey();
  const options = await callApi<{ challenge: string }>(
    request,
    'user/passkey-register-options',
    { password },
    token,
  );
  if (options.code !== 0) throw new Error(`passkey-register-options: ${options.code} ${options.message}`);
  const added = await callApi(
    request,
    'user/passkey-register',
    { name, credential: attest(key, options.data, { origin }) },
    token,
  );
  if (added.code !== 0) throw new Error(`passkey-register: ${added.code} ${added.message}`);
  return key;
}
